-- A waitlist offer never outlasts the start of its event or course.
--
-- offer_waitlist_seats held freed seats for 48 hours, also when the event began sooner. Booking
-- stops at the start (hold_seats), so the seats stayed unsold, nobody else in line was asked, and
-- the offer mail promised a time after the event had begun. The offer now ends at the earlier of
-- the two; its mail and the /warteliste page read offer_expires_at and say so.

-- offer_waitlist_seats as in 20261206140000_waitlist_queue_order.sql, with v_until.
create or replace function public.offer_waitlist_seats(p_item_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_capacity integer;
  v_starts timestamptz;
  v_found boolean;
  v_free integer;
  v_entry record;
  v_now timestamptz := public.shop_now();
  v_epoch bigint;
  v_until timestamptz;
begin
  select true, e.capacity, e.starts_at into v_found, v_capacity, v_starts from public.events e where e.id = p_item_id;
  if not coalesce(v_found, false) then
    select true, c.capacity, c.starts_at into v_found, v_capacity, v_starts from public.courses c where c.id = p_item_id;
  end if;
  if not coalesce(v_found, false) or (v_starts is not null and v_starts <= v_now) then
    return;
  end if;
  if not exists (select 1 from public.waitlist_entries w where w.item_id = p_item_id and w.status = 'waiting') then
    return;
  end if;

  insert into public.seat_counts (item_id, item_type)
    select p_item_id, w.item_type from public.waitlist_entries w where w.item_id = p_item_id limit 1
    on conflict (item_id) do nothing;
  select case when v_capacity is null then 2147483647 else v_capacity - s.booked - s.offered end
    into v_free from public.seat_counts s where s.item_id = p_item_id for update;

  for v_entry in
    select w.id, w.seats from public.waitlist_entries w
     where w.item_id = p_item_id and w.status = 'waiting'
     order by w.created_at, w.queued
     for update
  loop
    exit when v_free <= 0;
    continue when v_entry.seats > v_free;
    -- 48 hours, but never past the start: booking stops then, and the seat would stay unsold.
    v_until := least(v_now + interval '48 hours', coalesce(v_starts, 'infinity'));
    update public.waitlist_entries
       set status = 'offered', offered_at = v_now, offer_expires_at = v_until, updated_at = v_now
     where id = v_entry.id;
    v_free := v_free - v_entry.seats;
    v_epoch := extract(epoch from v_now)::bigint;
    insert into public.jobs (kind, key, run_at, payload)
    values ('waitlist-offer', 'waitlist-offer:' || v_entry.id || ':' || v_epoch, v_now,
            jsonb_build_object('entry_id', v_entry.id)),
           ('waitlist-expiry', 'waitlist-expiry:' || v_entry.id || ':' || v_epoch, v_until,
            jsonb_build_object('entry_id', v_entry.id))
    on conflict (key) do nothing;
  end loop;
end
$$;
