-- "Begonnen", not "stattgefunden": booking stops at an event's start.
--
-- A year-long audit on the shop's clock found the shop saying an event "hat bereits stattgefunden"
-- while it was still running: booking ends when it begins, and only its end makes it past.
-- hold_seats now says "hat bereits begonnen"; the rest of the function is as in
-- 20261127110000_waitlist.sql.

create or replace function public.hold_seats(p_item_id uuid, p_item_type text, p_quantity integer, p_booking boolean, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
  v_title text;
  v_capacity integer;
  v_starts timestamptz;
  v_booked integer;
  v_own integer := 0;
  v_left integer;
begin
  -- FOR SHARE: a concurrent change of the capacity (FOR UPDATE) waits for this booking, and this
  -- booking reads the capacity that change committed.
  if p_item_type = 'event' then
    select true, e.title, e.capacity, e.starts_at into v_found, v_title, v_capacity, v_starts
      from public.events e where e.id = p_item_id for share;
  else
    select true, c.title, c.capacity, c.starts_at into v_found, v_title, v_capacity, v_starts
      from public.courses c where c.id = p_item_id for share;
  end if;
  if not coalesce(v_found, false) then
    return; -- the item was deleted: the order line keeps its snapshot, there is nothing to count
  end if;
  if p_booking and v_starts is not null and v_starts <= public.shop_now() then
    raise exception '„%“ hat bereits begonnen und kann nicht mehr gebucht werden.', v_title
      using errcode = 'P0001';
  end if;

  insert into public.seat_counts (item_id, item_type) values (p_item_id, p_item_type)
    on conflict (item_id) do nothing;
  -- This row lock serialises the bookings and offers of the item; the own offer is read under it.
  perform 1 from public.seat_counts s where s.item_id = p_item_id for update;
  if p_email is not null then
    select coalesce(sum(w.seats), 0)::integer into v_own from public.waitlist_entries w
     where w.item_id = p_item_id and w.status = 'offered' and lower(w.email) = lower(p_email);
  end if;
  update public.seat_counts s set booked = s.booked + p_quantity
   where s.item_id = p_item_id and (v_capacity is null or s.booked + s.offered - v_own + p_quantity <= v_capacity)
   returning s.booked into v_booked;
  if v_booked is null then
    select v_capacity - s.booked - s.offered + v_own into v_left from public.seat_counts s where s.item_id = p_item_id;
    if v_left <= 0 then
      raise exception '„%“ ist ausgebucht.', v_title using errcode = 'P0001';
    elsif v_left = 1 then
      raise exception 'Für „%“ ist nur noch 1 Platz frei.', v_title using errcode = 'P0001';
    end if;
    raise exception 'Für „%“ sind nur noch % Plätze frei.', v_title, v_left using errcode = 'P0001';
  end if;
  if p_email is not null then
    update public.waitlist_entries w set status = 'booked', updated_at = public.shop_now()
     where w.item_id = p_item_id and w.status in ('waiting', 'offered') and lower(w.email) = lower(p_email);
  end if;
end
$$;
revoke all on function public.hold_seats(uuid, text, integer, boolean, text) from public, anon, authenticated;
