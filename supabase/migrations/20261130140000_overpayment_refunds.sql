-- Overpayments are paid back (issue 28). An amount received above what the order costs (100,00 € on
-- a 29,90 € order) showed as "Überzahlung" on the admin's order page but opened nothing in
-- /admin/erstattungen, so the customer's money could never be paid back through the shop. Now
-- recording a payment opens a refund of the excess (reason 'overpayment'), due in 14 days, with the
-- mail asking for the IBAN, as every other refund: open_overpayment_refund(), called by the app in
-- the transaction that records the payment, after the order's status has followed it.
--
-- The unique whole-order refund (one per cancellation or withdrawal) no longer counts overpayment
-- refunds, so an overpaid order that is cancelled later still opens its cancellation refund of what
-- is left (refundable_amount already subtracts the open overpayment refund).

alter table public.refunds drop constraint refunds_reason_check;
alter table public.refunds add constraint refunds_reason_check
  check (reason in ('withdrawal', 'cancellation', 'partial', 'overpayment'));

drop index public.refunds_whole_order_key;
create unique index refunds_whole_order_key on public.refunds (order_id)
  where reason in ('withdrawal', 'cancellation');

-- As in 20261130110000_refund_for_paid_pending_orders.sql; only the conflict target follows the index.
create or replace function public.orders_open_refund() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_left numeric;
  v_withdrawn timestamptz;
  v_refund uuid;
begin
  if old.status <> 'completed' and not exists (
    select 1 from public.order_payments p where p.order_id = new.id and p.kind = 'payment'
  ) then
    return null;
  end if;
  v_left := public.refundable_amount(new.id);
  if v_left <= 0 then
    return null;
  end if;
  select min(w.created_at) into v_withdrawn from public.withdrawals w where w.order_id = new.id;
  insert into public.refunds (order_id, reason, amount, due_on)
  values (new.id, case when v_withdrawn is null then 'cancellation' else 'withdrawal' end, v_left,
          ((coalesce(v_withdrawn, public.shop_now()) + interval '14 days') at time zone 'Europe/Berlin')::date)
  on conflict (order_id) where reason in ('withdrawal', 'cancellation') do nothing
  returning id into v_refund;
  if v_refund is not null then
    insert into public.jobs (kind, key, run_at, payload)
    values ('refund-iban-request', 'refund-iban-request:' || new.id, public.shop_now(),
            jsonb_build_object('order_id', new.id, 'refund_id', v_refund))
    on conflict (key) do nothing;
  end if;
  return null;
end
$$;

-- The excess of an order's money over what it costs, as a refund: received (payments less refunds
-- paid) less refunds still open less what the order keeps (its total less its partial refunds,
-- which are either paid or open already). Nothing for a cancelled order: its cancellation refund
-- pays back everything received. Admins (and the server role) only; null when there is no excess.
create function public.open_overpayment_refund(p_order_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_received numeric;
  v_open numeric;
  v_returned numeric;
  v_excess numeric;
  v_refund uuid;
begin
  -- The server role too: jobs and tests record money as it.
  if not ((select auth.role()) = 'service_role' or public.is_admin((select auth.uid()))) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  select o.* into v_order from public.orders o where o.id = p_order_id for update;
  if v_order.id is null or v_order.status = 'cancelled' then
    return null;
  end if;
  select coalesce(sum(case when p.kind = 'payment' then p.amount else -p.amount end), 0) into v_received
    from public.order_payments p where p.order_id = p_order_id;
  select coalesce(sum(r.amount) filter (where r.status = 'open'), 0),
         coalesce(sum(r.amount) filter (where r.reason = 'partial'), 0)
    into v_open, v_returned
    from public.refunds r where r.order_id = p_order_id;
  v_excess := v_received - v_open - (v_order.total_amount - v_returned);
  if v_excess <= 0 then
    return null;
  end if;
  insert into public.refunds (order_id, reason, amount, due_on)
  values (p_order_id, 'overpayment', v_excess,
          ((public.shop_now() + interval '14 days') at time zone 'Europe/Berlin')::date)
  returning id into v_refund;
  insert into public.jobs (kind, key, run_at, payload)
  values ('refund-iban-request', 'refund-iban-request:' || v_refund, public.shop_now(),
          jsonb_build_object('order_id', p_order_id, 'refund_id', v_refund));
  return v_refund;
end
$$;
revoke all on function public.open_overpayment_refund(uuid) from public, anon;
grant execute on function public.open_overpayment_refund(uuid) to authenticated, service_role;
