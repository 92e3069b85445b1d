-- A partial refund of an event's seats leaves no more participants registered than seats left.
-- (Audit: a line of three seats with three participants, one seat refunded, kept all three on the
-- attendee list and in the reminders.) The admin chooses who no longer comes; the shop removes them
-- in the same transaction before the Rechnungskorrektur is written, and this refuses the refund
-- when too many remain, until the event is over (then who took part stays on record). correction_line_takes_back as in 20261206130000_partial_refund_takes_back.sql;
-- the participant check is new.
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
       where e.id = v_item.item_id and coalesce(e.ends_at, e.starts_at) <= public.shop_now()
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
