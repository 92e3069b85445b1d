-- The waitlist's order: who joined first, also within one millisecond.
--
-- An entry's created_at is the shop clock's transaction start. PGlite's clock counts in
-- milliseconds, so two joins within one millisecond had the same time and were ordered by their
-- random id: the one who joined second could be offered the seat (and a DB test flaked on it). A
-- sequence numbers the entries as they are inserted and breaks such ties; existing entries are
-- numbered in the order they are stored.

alter table public.waitlist_entries add column queued bigint generated always as identity;
comment on column public.waitlist_entries.queued is 'Insertion order: first in line among equal created_at.';

-- offer_waitlist_seats as in 20261127110000_waitlist.sql, ordered by created_at, then queued.
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
    update public.waitlist_entries
       set status = 'offered', offered_at = v_now, offer_expires_at = v_now + interval '48 hours', updated_at = v_now
     where id = v_entry.id;
    v_free := v_free - v_entry.seats;
    v_epoch := extract(epoch from v_now)::bigint;
    insert into public.jobs (kind, key, run_at, payload)
    values ('waitlist-offer', 'waitlist-offer:' || v_entry.id || ':' || v_epoch, v_now,
            jsonb_build_object('entry_id', v_entry.id)),
           ('waitlist-expiry', 'waitlist-expiry:' || v_entry.id || ':' || v_epoch, v_now + interval '48 hours',
            jsonb_build_object('entry_id', v_entry.id))
    on conflict (key) do nothing;
  end loop;
end
$$;
revoke all on function public.offer_waitlist_seats(uuid) from public, anon, authenticated;
