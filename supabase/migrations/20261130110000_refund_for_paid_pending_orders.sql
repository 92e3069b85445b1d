-- A cancelled order whose money was received opens its refund also when it was pending at the
-- time: an admin may set a paid order back to "Ausstehend" (spec §4) before cancelling it, and a
-- part payment leaves an order pending. Before, only "completed" → "cancelled" opened one, so that
-- money was never paid back. A pending order counts as paid only by its recorded payments; the
-- fallback to the total (orders completed before payments were recorded) stays for completed ones.
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
  on conflict (order_id) where reason <> 'partial' do nothing
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

drop trigger orders_open_refund on public.orders;
create trigger orders_open_refund after update of status on public.orders
  for each row when (old.status <> 'cancelled' and new.status = 'cancelled')
  execute function public.orders_open_refund();
