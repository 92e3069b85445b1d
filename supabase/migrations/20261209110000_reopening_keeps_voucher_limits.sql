-- A cancelled order comes back only while its code still has a use for it.
--
-- Cancelling an order gives its code's use back (voucher_decide counts orders that are not
-- cancelled), so the last use of a limited code can go to another order. Reopening the cancelled
-- one then held the code twice: an admin setting it back, or a late transfer that completed it
-- ("Zahlung eingegangen"). Decision 0017 promises a code's last use to exactly one order.
-- orders_refuse_reopening now also refuses while the code's uses (all, or the customer's) are
-- taken by other orders; the admin's order page says so beforehand (order_voucher_taken).

-- The code of this order whose limit other orders now fill, or null. With p_lock (the trigger) it
-- locks the code, as voucher_decide does at checkout, so a checkout and a reopening cannot both
-- take the last use; the admin's order page only asks.
create function public.order_voucher_taken(p_order_id uuid, p_lock boolean default false) returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  r public.voucher_redemptions;
  v public.vouchers;
  v_used integer;
  v_mine integer;
begin
  for r in select * from public.voucher_redemptions where order_id = p_order_id loop
    if p_lock then
      select * into v from public.vouchers where id = r.voucher_id for update;
    else
      select * into v from public.vouchers where id = r.voucher_id;
    end if;
    select count(*),
           count(*) filter (where case when r.user_id is not null then x.user_id = r.user_id
                                       else x.email = r.email end)
      into v_used, v_mine
      from public.voucher_redemptions x join public.orders o on o.id = x.order_id
     where x.voucher_id = v.id and o.status <> 'cancelled' and o.id <> p_order_id;
    if (v.max_uses is not null and v_used >= v.max_uses)
       or (v.max_uses_per_customer is not null and v_mine >= v.max_uses_per_customer) then
      return v.code;
    end if;
  end loop;
  return null;
end
$$;
revoke all on function public.order_voucher_taken(uuid, boolean) from public, anon;
grant execute on function public.order_voucher_taken(uuid, boolean) to authenticated, service_role;

create or replace function public.orders_refuse_reopening() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
begin
  if old.status = 'cancelled' then
    v_code := public.order_voucher_taken(new.id, true);
    if v_code is not null then
      raise exception 'Der Gutschein „%“ dieser Bestellung ist inzwischen von anderen Bestellungen aufgebraucht. Sie bleibt storniert; für einen neuen Kauf ist eine neue Bestellung nötig.', v_code
        using errcode = 'P0001';
    end if;
  end if;
  if not public.order_refunded_or_corrected(new.id) then
    return new;
  end if;
  if old.status = 'cancelled' then
    raise exception 'Diese Bestellung ist storniert und hat eine Erstattung oder Rechnungskorrektur. Sie kann nicht wieder geöffnet werden; für einen neuen Kauf ist eine neue Bestellung nötig.'
      using errcode = 'P0001';
  end if;
  raise exception 'Diese Bestellung hat eine Erstattung oder Rechnungskorrektur. Sie kann nicht wieder auf „Ausstehend“ gesetzt, nur noch storniert werden.'
    using errcode = 'P0001';
  return new;
end
$$;
