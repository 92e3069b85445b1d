-- When an event or course is over: one function instead of five copies.
--
-- "Over" is its end, or its start when it has no end. register_participant, the partial refund's
-- participant check, the Teilerstattung form, the dashboard's registration form and the
-- catalogue's "Vergangen" each wrote coalesce(ends_at, starts_at) <= shop_now() themselves.
-- has_ended is that rule, once. An item without a date has not ended.

create function public.has_ended(p_starts_at timestamptz, p_ends_at timestamptz) returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(coalesce(p_ends_at, p_starts_at) <= public.shop_now(), false)
$$;
revoke all on function public.has_ended(timestamptz, timestamptz) from public;
grant execute on function public.has_ended(timestamptz, timestamptz) to anon, authenticated, service_role;

-- correction_line_takes_back as in 20261210100000_partial_refund_drops_chosen_participants.sql,
-- reading has_ended.
create or replace function public.correction_line_takes_back() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item public.order_items;
  v_status text;
  v_registered integer;
  v_left integer;
begin
  if new.order_item_id is null then
    return null; -- the shipping fee
  end if;
  select * into v_item from public.order_items where id = new.order_item_id;
  select o.status into v_status from public.orders o where o.id = v_item.order_id;
  if v_status = 'cancelled' then
    return null; -- its cancellation released everything already
  end if;
  if v_item.item_type in ('event', 'course') then
    select count(*) into v_registered from public.event_bookings b where b.order_item_id = v_item.id;
    v_left := v_item.quantity - public.returned_quantity(v_item.id);
    -- After the event, who took part is a record (a goodwill refund changes nothing about it).
    if v_registered > v_left and not exists (
      select 1 from public.events e
       where e.id = v_item.item_id and public.has_ended(e.starts_at, e.ends_at)
    ) then
      raise exception 'Für „%“ wären mehr Teilnehmer angemeldet (%) als Plätze übrig (%): Wähle, wer nicht mehr teilnimmt.',
        v_item.item_title, v_registered, v_left
        using errcode = 'P0001';
    end if;
    update public.seat_counts s set booked = greatest(0, s.booked - new.quantity) where s.item_id = v_item.item_id;
    perform public.offer_waitlist_seats(v_item.item_id);
  elsif v_item.item_type = 'membership' then
    perform public.revert_order_membership(v_item.order_id, 'cancelled');
  end if;
  return null;
end
$$;
revoke all on function public.correction_line_takes_back() from public, anon, authenticated;

-- register_participant as in 20261210090000_returned_quantity_in_one_place.sql, reading has_ended.
create or replace function public.register_participant(
  p_order_item_id uuid, p_first_name text, p_last_name text, p_email text, p_phone text, p_notes text
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_item_id uuid;
  v_item_type text;
  v_quantity integer;
  v_status text;
  v_count integer;
  v_booking_id uuid;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;

  -- The row lock serialises concurrent registrations for the same line, so the count below stays
  -- true until this transaction ends (no over-booking under load).
  select oi.item_id, oi.item_type, oi.quantity, o.status
    into v_item_id, v_item_type, v_quantity, v_status
  from public.order_items oi
  join public.orders o on o.id = oi.order_id
  where oi.id = p_order_item_id and o.user_id = v_uid
  for update of oi;

  if not found then
    -- Same answer for "does not exist" and "not yours": nothing to learn about other orders.
    raise exception 'Die Bestellposition wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  if v_item_type <> 'event' then
    raise exception 'Für diese Bestellposition ist keine Teilnehmeranmeldung möglich.' using errcode = '22023';
  end if;
  if v_status = 'cancelled' then
    raise exception 'Diese Bestellung wurde storniert.' using errcode = 'P0001';
  end if;
  -- After the event (its end, or its start when it has no end) nobody is registered for it any more.
  if exists (
    select 1 from public.events e
     where e.id = v_item_id and public.has_ended(e.starts_at, e.ends_at)
  ) then
    raise exception 'Die Veranstaltung hat bereits stattgefunden: Teilnehmer können nicht mehr angemeldet werden.'
      using errcode = 'P0001';
  end if;

  -- The same person twice on one line is a slip (a double click, a form sent again), not a guest.
  if exists (
    select 1 from public.event_bookings b
     where b.order_item_id = p_order_item_id
       and lower(b.first_name) = lower(btrim(p_first_name))
       and lower(b.last_name) = lower(btrim(p_last_name))
       and lower(b.email) = lower(btrim(p_email))
  ) then
    raise exception 'Diese Person ist für diese Bestellung schon angemeldet.' using errcode = 'P0001';
  end if;

  -- returned: seats a Rechnungskorrektur took back are no longer the buyer's to fill.
  v_quantity := v_quantity - public.returned_quantity(p_order_item_id);
  select count(*) into v_count from public.event_bookings b where b.order_item_id = p_order_item_id;
  if v_count >= v_quantity then
    -- Exact text from the spec (the dashboard shows it).
    raise exception 'Maximum number of registrations reached for this order' using errcode = 'P0001';
  end if;

  insert into public.event_bookings (event_id, first_name, last_name, email, phone, notes, order_item_id)
  values (
    -- NULL if the event has since been deleted (the booking still belongs to the paid line).
    (select e.id from public.events e where e.id = v_item_id),
    btrim(p_first_name),
    btrim(p_last_name),
    btrim(p_email),
    nullif(btrim(p_phone), ''),
    nullif(btrim(p_notes), ''),
    p_order_item_id)
  returning id into v_booking_id;

  return v_booking_id;
end
$$;
