-- Money after the order (issue 28), part one: unpaid bank transfers and amounts received.
--
-- * An unpaid order gets one reminder PAYMENT_REMINDER_DAYS after it was placed and is cancelled by
--   the shop PAYMENT_CANCEL_DAYS after (settings of the server; the hourly 'payment-sweep' job,
--   app/server/orders/order-payments.server.ts, decides on the shop's clock). An admin may
--   extend the deadline of one order (payment_deadline); the reminder is recorded so it goes once.
-- * Every money event is a row of its own in order_payments (payment received, refund paid): amount,
--   day, who and why. The order's total is never edited; a payment of another amount shows as
--   under- or overpaid next to it.

alter table public.orders
  add column payment_deadline timestamptz,
  add column payment_reminded_at timestamptz;
comment on column public.orders.payment_deadline is
  'Set by an admin who extends the deadline; null: placed + PAYMENT_CANCEL_DAYS.';
comment on column public.orders.payment_reminded_at is 'When the one payment reminder was queued.';
-- Admins extend a deadline through the API (the orders update policy admits admins only).
grant update (payment_deadline) on public.orders to authenticated;
create index orders_pending_created_idx on public.orders (created_at) where status = 'pending';

create table public.order_payments (
  id uuid primary key default gen_random_uuid(),
  -- Bookkeeping records: an order is never deleted under one.
  order_id uuid not null references public.orders (id) on delete restrict,
  kind text not null check (kind in ('payment', 'refund')),
  amount numeric(10, 2) not null check (amount > 0 and amount <= 1000000),
  booked_on date not null,
  recorded_by uuid references auth.users (id) on delete set null,
  -- The admin's address as it was (the account may be deleted later).
  recorded_by_email text check (char_length(recorded_by_email) <= 254),
  note text check (btrim(note) <> '' and char_length(note) <= 500),
  created_at timestamptz not null default now()
);
comment on table public.order_payments is 'Money received for an order or paid back: one row per event, never edited.';
create index order_payments_order_id_idx on public.order_payments (order_id, booked_on);
create index order_payments_recorded_by_idx on public.order_payments (recorded_by);

alter table public.order_payments enable row level security;
revoke all on public.order_payments from anon, authenticated;
grant select, insert on public.order_payments to authenticated;
grant all on public.order_payments to service_role;
-- Admins record and read; the buyer reads the payments of their own orders (dashboard, export).
create policy order_payments_select on public.order_payments for select to authenticated
  using (
    (select public.is_admin((select auth.uid())))
    or exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
  );
create policy order_payments_admin_insert on public.order_payments for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))) and recorded_by = (select auth.uid()));

-- The sweep: reminders and cancellations of unpaid orders; hourly, first run now.
insert into public.jobs (kind, key, run_at, repeat_seconds)
values ('payment-sweep', 'payment-sweep', now(), 3600);

-- An admin's new payment deadline is in the order's audit trail next to its status changes.
create or replace function public.audit_admin_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_id uuid := case when tg_op = 'DELETE' then old.id else new.id end;
begin
  if tg_table_name = 'orders' then
    -- Status and payment deadline only; an update that changes neither is no event.
    if tg_op <> 'UPDATE' or (old.status, old.payment_deadline) is not distinct from (new.status, new.payment_deadline) then
      return null;
    end if;
    -- Only what changed, so a status change reads as before: {status: old} → {status: new}.
    v_before := jsonb_strip_nulls(jsonb_build_object(
      'status', case when old.status is distinct from new.status then old.status end))
      || case when old.payment_deadline is distinct from new.payment_deadline
              then jsonb_build_object('payment_deadline', old.payment_deadline) else '{}'::jsonb end;
    v_after := jsonb_strip_nulls(jsonb_build_object(
      'status', case when old.status is distinct from new.status then new.status end))
      || case when old.payment_deadline is distinct from new.payment_deadline
              then jsonb_build_object('payment_deadline', new.payment_deadline) else '{}'::jsonb end;
  elsif tg_op = 'UPDATE' and (v_before - 'updated_at') = (v_after - 'updated_at') then
    return null;
  end if;

  insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
  values (tg_table_name, v_id, lower(tg_op), auth.uid(), left(auth.jwt() ->> 'email', 254), v_before, v_after);
  return null;
end
$$;
drop trigger orders_status_audit on public.orders;
create trigger orders_status_audit after update of status, payment_deadline on public.orders
  for each row execute function public.audit_admin_write();
