-- Refunds (issue 28, part two). A paid order that is cancelled (by an admin, usually after a
-- withdrawal under § 356a BGB) opens a refund of what was received for it, due 14 days after the
-- withdrawal or the cancellation (§ 357 Abs. 1 BGB). The customer is asked for an IBAN by mail
-- (job 'refund-iban-request', app/server/orders/refunds.server.ts) unless an admin enters it; the
-- admin marks it "Erstattung ausgeführt" with a day, which writes the money event (order_payments,
-- kind 'refund') and mails the customer.

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null unique references public.orders (id) on delete restrict,
  reason text not null check (reason in ('withdrawal', 'cancellation')),
  amount numeric(10, 2) not null check (amount > 0),
  due_on date not null,
  account_holder text check (btrim(account_holder) <> '' and char_length(account_holder) <= 70),
  iban text check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  -- sha256 of the token in the mail asking for the IBAN.
  token_hash text unique,
  status text not null default 'open' check (status in ('open', 'done')),
  done_on date,
  done_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((status = 'done') = (done_on is not null))
);
comment on table public.refunds is 'Money owed back for a cancelled paid order; done once paid (order_payments has the row).';
create index refunds_open_idx on public.refunds (due_on) where status = 'open';
create index refunds_done_by_idx on public.refunds (done_by);

alter table public.refunds enable row level security;
revoke all on public.refunds from anon, authenticated;
grant select on public.refunds to authenticated;
grant update (account_holder, iban, status, done_on, done_by) on public.refunds to authenticated;
grant all on public.refunds to service_role;
-- Admins read and settle refunds; the buyer reads the refund of their own order (dashboard, export).
create policy refunds_select on public.refunds for select to authenticated
  using (
    (select public.is_admin((select auth.uid())))
    or exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
  );
create policy refunds_admin_update on public.refunds for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));

-- A paid order leaving "completed" for "cancelled" opens its refund: what was received (payments less
-- refunds; the total for an order paid before payments were recorded), due 14 days after the
-- earliest withdrawal of it, else after now.
create function public.orders_open_refund() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_received numeric;
  v_recorded boolean;
  v_withdrawn timestamptz;
begin
  select coalesce(sum(case when p.kind = 'payment' then p.amount else -p.amount end), 0), count(*) > 0
    into v_received, v_recorded
    from public.order_payments p where p.order_id = new.id;
  if not v_recorded then
    v_received := new.total_amount;
  end if;
  if v_received <= 0 then
    return null;
  end if;
  select min(w.created_at) into v_withdrawn from public.withdrawals w where w.order_id = new.id;
  insert into public.refunds (order_id, reason, amount, due_on)
  values (new.id, case when v_withdrawn is null then 'cancellation' else 'withdrawal' end, v_received,
          ((coalesce(v_withdrawn, public.shop_now()) + interval '14 days') at time zone 'Europe/Berlin')::date)
  on conflict (order_id) do nothing;
  insert into public.jobs (kind, key, run_at, payload)
  values ('refund-iban-request', 'refund-iban-request:' || new.id, public.shop_now(), jsonb_build_object('order_id', new.id))
  on conflict (key) do nothing;
  return null;
end
$$;
revoke all on function public.orders_open_refund() from public, anon, authenticated;
create trigger orders_open_refund after update of status on public.orders
  for each row when (old.status = 'completed' and new.status = 'cancelled')
  execute function public.orders_open_refund();
