-- How many of an order line Rechnungskorrekturen took back: one function instead of three copies.
--
-- release_seats, register_participant and the admin's attendee list each summed the line's
-- correction lines themselves. returned_quantity is that rule, once; the seat counter, the
-- participant limit, the attendee list and the reminders all read it. It runs as its caller
-- (RLS decides what the caller may count: an admin every line, a member their own).

create function public.returned_quantity(p_order_item_id uuid) returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(l.quantity), 0)::integer
    from public.invoice_correction_lines l
   where l.order_item_id = p_order_item_id
$$;
revoke all on function public.returned_quantity(uuid) from public, anon;
grant execute on function public.returned_quantity(uuid) to authenticated, service_role;

-- release_seats as in 20261206130000_partial_refund_takes_back.sql, reading returned_quantity.
create or replace function public.release_seats(p_order_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line record;
begin
  for v_line in
    select i.item_id,
           sum(i.quantity - public.returned_quantity(i.id))::integer
             as quantity
      from public.order_items i
     where i.order_id = p_order_id and i.item_type in ('event', 'course')
     group by i.item_id order by i.item_id
  loop
    if v_line.quantity > 0 then
      update public.seat_counts s set booked = greatest(0, s.booked - v_line.quantity) where s.item_id = v_line.item_id;
      perform public.offer_waitlist_seats(v_line.item_id);
    end if;
  end loop;
end
$$;
revoke all on function public.release_seats(uuid) from public, anon, authenticated;

-- register_participant as in 20261207120000_no_participants_after_the_event.sql, reading returned_quantity.
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
     where e.id = v_item_id and coalesce(e.ends_at, e.starts_at) <= public.shop_now()
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
