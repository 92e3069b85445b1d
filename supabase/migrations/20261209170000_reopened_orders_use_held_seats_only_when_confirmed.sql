-- A reopened order, too, uses seats held for a waitlist offer only through a confirmed account.
--
-- 20261209130000 gave the seats held for an offer only to an order whose account has confirmed the
-- offer's address. orders_follow_seats, which holds the seats again when a cancelled order comes
-- back (an admin, or a late transfer), still passed the order's customer_email: whatever
-- place_order was given. It now passes the account's address when it is confirmed, else none.

create or replace function public.orders_follow_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line record;
  v_account text;
begin
  if tg_op = 'DELETE' then
    if old.status <> 'cancelled' then
      perform public.release_seats(old.id);
    end if;
    return old;
  end if;
  if old.status <> 'cancelled' and new.status = 'cancelled' then
    perform public.release_seats(new.id);
  elsif old.status = 'cancelled' and new.status <> 'cancelled' then
    select u.email into v_account from auth.users u
     where u.id = new.user_id and u.email_confirmed_at is not null;
    for v_line in
      select i.item_id, min(i.item_type) as item_type, sum(i.quantity)::integer as quantity
        from public.order_items i
       where i.order_id = new.id and i.item_type in ('event', 'course')
       group by i.item_id order by i.item_id
    loop
      perform public.hold_seats(v_line.item_id, v_line.item_type, v_line.quantity, false, v_account);
    end loop;
  end if;
  return new;
end
$$;
