-- Money that arrives for a cancelled order is owed back.
--
-- A cancellation opens a refund of what had been received (orders_open_refund). Money booked on the
-- order after it, a late part payment, was recorded without one: open_overpayment_refund returned
-- nothing for a cancelled order, and the money sat on the order unnoticed. (A late payment of the
-- whole amount still revives an order that has no refund: recordPayment completes it first.)
--
-- Now a cancelled order owes nothing, so everything received and not yet being paid back is too
-- much: it becomes an overpayment refund with the IBAN request, as for any other order.

create or replace function public.open_overpayment_refund(p_order_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_received numeric;
  v_open numeric;
  v_returned numeric;
  v_owed numeric;
  v_excess numeric;
  v_refund uuid;
begin
  -- The server role too: jobs and tests record money as it.
  if not ((select auth.role()) = 'service_role' or public.is_admin((select auth.uid()))) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  select o.* into v_order from public.orders o where o.id = p_order_id for update;
  if v_order.id is null then
    return null;
  end if;
  select coalesce(sum(case when p.kind = 'payment' then p.amount else -p.amount end), 0) into v_received
    from public.order_payments p where p.order_id = p_order_id;
  select coalesce(sum(r.amount) filter (where r.status = 'open'), 0),
         coalesce(sum(r.amount) filter (where r.reason = 'partial'), 0)
    into v_open, v_returned
    from public.refunds r where r.order_id = p_order_id;
  -- What the customer still owes for what they keep: nothing once the order is cancelled.
  v_owed := case when v_order.status = 'cancelled' then 0 else v_order.total_amount - v_returned end;
  v_excess := v_received - v_open - v_owed;
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
