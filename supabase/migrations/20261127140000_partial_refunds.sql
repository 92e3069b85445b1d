-- Partial refunds (issue 28): an admin refunds chosen lines of a paid, invoiced order (a return of
-- some goods, a withdrawal from one of several contracts). In one transaction that
-- refund_order_lines() runs, the order's invoice gets a Rechnungskorrektur (kind 'correction', its
-- own number in the gapless series, only the returned lines, negative), and a refund of that amount
-- is opened, due in 14 days (§ 357 Abs. 1 BGB), with the mail asking for the IBAN. Shipping is
-- refunded with the last returned line (everything back). A refund never exceeds what was received
-- less what is refunded or open already.
--
-- A later cancellation of the whole order cancels only what is left: the Stornorechnung's total is
-- the invoice's less its corrections (its lines: the order's less the returned), and the refund it
-- opens is what was received less the refunds paid or open.

-- Invoices: a correction names the invoice it corrects; an invoice may have several.
alter table public.invoices drop constraint invoices_kind_check;
alter table public.invoices add constraint invoices_kind_check
  check (kind in ('invoice', 'cancellation', 'correction'));
alter table public.invoices add column corrects_invoice_id uuid references public.invoices (id) on delete restrict;
create index invoices_corrects_invoice_id_idx on public.invoices (corrects_invoice_id);
alter table public.invoices add constraint invoices_correction_check
  check ((kind = 'correction') = (corrects_invoice_id is not null));
comment on column public.invoices.corrects_invoice_id is
  'The invoice a Rechnungskorrektur (kind correction) corrects; its lines are in invoice_correction_lines.';

-- The lines a correction takes back: an order line (with the quantity returned) or the shipping.
create table public.invoice_correction_lines (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  order_item_id uuid references public.order_items (id) on delete restrict,
  quantity integer not null check (quantity > 0),
  created_at timestamptz not null default now()
);
comment on table public.invoice_correction_lines is
  'Returned quantities of a Rechnungskorrektur; order_item_id null is the shipping fee.';
create index invoice_correction_lines_invoice_idx on public.invoice_correction_lines (invoice_id);
create index invoice_correction_lines_item_idx on public.invoice_correction_lines (order_item_id);
alter table public.invoice_correction_lines enable row level security;
revoke all on public.invoice_correction_lines from anon, authenticated;
grant select on public.invoice_correction_lines to authenticated;
grant all on public.invoice_correction_lines to service_role;
-- Read with the invoice they belong to: its buyer and admins (the invoices policy decides).
create policy invoice_correction_lines_select on public.invoice_correction_lines for select to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id));

-- Refunds: several per order now (partial ones, then perhaps the rest); one for the whole order.
alter table public.refunds drop constraint refunds_order_id_key;
alter table public.refunds drop constraint refunds_reason_check;
alter table public.refunds add constraint refunds_reason_check
  check (reason in ('withdrawal', 'cancellation', 'partial'));
alter table public.refunds add column correction_invoice_id uuid unique references public.invoices (id) on delete restrict;
comment on column public.refunds.correction_invoice_id is 'The Rechnungskorrektur of a partial refund.';
create index refunds_order_id_idx on public.refunds (order_id);
create unique index refunds_whole_order_key on public.refunds (order_id) where reason <> 'partial';

-- What is left to refund of an order: received (payments less refunds paid; the total when nothing
-- was recorded, as for orders paid before amounts were) less refunds still open.
create function public.refundable_amount(p_order_id uuid) returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(
    coalesce(
      (select sum(case when p.kind = 'payment' then p.amount else -p.amount end)
         from public.order_payments p where p.order_id = p_order_id
        having count(*) filter (where p.kind = 'payment') > 0),
      (select o.total_amount - coalesce((select sum(p.amount) from public.order_payments p
                                          where p.order_id = o.id and p.kind = 'refund'), 0)
         from public.orders o where o.id = p_order_id))
    - coalesce((select sum(r.amount) from public.refunds r where r.order_id = p_order_id and r.status = 'open'), 0),
    0)
$$;
revoke all on function public.refundable_amount(uuid) from public, anon, authenticated;

-- The quantity of each order line not yet returned by a correction of the given invoice (as the
-- caller: RLS shows a member only their own).
create function public.remaining_invoice_quantities(p_invoice_id uuid)
returns table (order_item_id uuid, quantity integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select oi.id, oi.quantity - coalesce((
    select sum(l.quantity)::integer from public.invoice_correction_lines l
      join public.invoices c on c.id = l.invoice_id
     where c.corrects_invoice_id = p_invoice_id and l.order_item_id = oi.id), 0)
  from public.order_items oi
  join public.invoices i on i.order_id = oi.order_id
  where i.id = p_invoice_id
$$;
revoke all on function public.remaining_invoice_quantities(uuid) from public, anon;
grant execute on function public.remaining_invoice_quantities(uuid) to authenticated;

-- "Teilerstattung": p_lines is [{"order_item_id": "…", "quantity": n}, …]. Admins only.
create function public.refund_order_lines(p_order_id uuid, p_lines jsonb) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_invoice public.invoices;
  v_line jsonb;
  v_item public.order_items;
  v_quantity integer;
  v_left integer;
  v_amount numeric := 0;
  v_all_back boolean;
  v_shipping_back boolean;
  v_refundable numeric;
  v_correction uuid;
  v_refund uuid;
begin
  if not public.is_admin((select auth.uid())) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  select o.* into v_order from public.orders o where o.id = p_order_id for update;
  if v_order.id is null then
    raise exception 'Diese Bestellung gibt es nicht (mehr).' using errcode = 'P0002';
  end if;
  select i.* into v_invoice from public.invoices i
   where i.order_id = p_order_id and i.kind = 'invoice'
     and not exists (select 1 from public.invoices s where s.cancels_invoice_id = i.id)
   order by i.issued_at desc limit 1;
  if v_order.status <> 'completed' or v_invoice.id is null then
    raise exception 'Nur bezahlte Bestellungen mit Rechnung können teilweise erstattet werden.' using errcode = 'P0001';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    raise exception 'Wähle mindestens eine Position und ihre Menge.' using errcode = '22023';
  end if;

  v_correction := gen_random_uuid();
  insert into public.invoices (id, number, kind, order_id, corrects_invoice_id, supply_date, total_amount, seller, vat_mode)
  values (v_correction, public.next_invoice_number(public.shop_now()), 'correction', p_order_id, v_invoice.id,
          v_invoice.supply_date, 0, v_invoice.seller, v_invoice.vat_mode);

  for v_line in select * from jsonb_array_elements(p_lines) loop
    v_quantity := case when jsonb_typeof(v_line -> 'quantity') = 'number' then (v_line ->> 'quantity')::integer end;
    if v_quantity is null or v_quantity = 0 then
      continue;
    end if;
    select oi.* into v_item from public.order_items oi
     where oi.id = (v_line ->> 'order_item_id')::uuid and oi.order_id = p_order_id;
    if v_item.id is null then
      raise exception 'Diese Position gehört nicht zur Bestellung.' using errcode = '22023';
    end if;
    select r.quantity into v_left from public.remaining_invoice_quantities(v_invoice.id) r
     where r.order_item_id = v_item.id;
    if v_quantity < 0 or v_quantity > v_left then
      raise exception 'Von „%“ können höchstens % erstattet werden.', v_item.item_title, v_left using errcode = '22023';
    end if;
    insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity)
    values (v_correction, v_item.id, v_quantity);
    v_amount := v_amount + v_quantity * v_item.price;
  end loop;
  if v_amount = 0 then
    raise exception 'Wähle mindestens eine Position und ihre Menge.' using errcode = '22023';
  end if;

  -- Everything back: the shipping fee too (once).
  select coalesce(bool_and(r.quantity = 0), true) into v_all_back
    from public.remaining_invoice_quantities(v_invoice.id) r;
  select exists (select 1 from public.invoice_correction_lines l join public.invoices c on c.id = l.invoice_id
                  where c.corrects_invoice_id = v_invoice.id and l.order_item_id is null) into v_shipping_back;
  if v_all_back and coalesce(v_order.shipping_fee, 0) > 0 and not v_shipping_back then
    insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity) values (v_correction, null, 1);
    v_amount := v_amount + v_order.shipping_fee;
  end if;

  v_refundable := public.refundable_amount(p_order_id);
  if v_amount > v_refundable then
    raise exception 'Die Erstattung (% €) wäre höher als das, was für diese Bestellung noch erstattet werden kann (% €).',
      replace(to_char(v_amount, 'FM999999990.00'), '.', ','), replace(to_char(v_refundable, 'FM999999990.00'), '.', ',')
      using errcode = 'P0001';
  end if;

  update public.invoices set total_amount = -v_amount where id = v_correction;
  insert into public.refunds (order_id, reason, amount, due_on, correction_invoice_id)
  values (p_order_id, 'partial', v_amount,
          ((public.shop_now() + interval '14 days') at time zone 'Europe/Berlin')::date, v_correction)
  returning id into v_refund;
  insert into public.jobs (kind, key, run_at, payload)
  values ('refund-iban-request', 'refund-iban-request:' || v_refund, public.shop_now(),
          jsonb_build_object('order_id', p_order_id, 'refund_id', v_refund));
  return v_refund;
end
$$;
revoke all on function public.refund_order_lines(uuid, jsonb) from public, anon;
grant execute on function public.refund_order_lines(uuid, jsonb) to authenticated;

-- A cancellation cancels what the corrections left: total and (in the app) lines.
create or replace function public.invoice_on_status_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_open public.invoices;
  v_settings public.shop_settings;
  v_corrected numeric;
begin
  if old.status is not distinct from new.status then
    return null;
  end if;
  -- The invoice of this order that no cancellation invoice has cancelled yet.
  select i.* into v_open
  from public.invoices i
  where i.order_id = new.id and i.kind = 'invoice'
    and not exists (select 1 from public.invoices s where s.cancels_invoice_id = i.id)
  order by i.issued_at desc
  limit 1
  for update;

  if new.status = 'completed' and v_open.id is null then
    select s.* into v_settings from public.shop_settings s;
    if v_settings.id is null then
      raise exception 'shop_settings is empty: no seller data for the invoice' using errcode = 'P0001';
    end if;
    insert into public.invoices (number, kind, order_id, supply_date, total_amount, seller, vat_mode)
    values (public.next_invoice_number(public.shop_now()), 'invoice', new.id,
            (public.shop_now() at time zone 'Europe/Berlin')::date, new.total_amount, v_settings.seller, v_settings.vat_mode);
  elsif new.status <> 'completed' and v_open.id is not null then
    select coalesce(sum(c.total_amount), 0) into v_corrected
      from public.invoices c where c.corrects_invoice_id = v_open.id;
    -- Everything was corrected already: nothing is left to cancel.
    if v_open.total_amount + v_corrected > 0 then
      -- The cancellation mirrors the invoice it cancels, seller and VAT mode included.
      insert into public.invoices (number, kind, order_id, cancels_invoice_id, supply_date, total_amount, seller, vat_mode)
      values (public.next_invoice_number(public.shop_now()), 'cancellation', new.id, v_open.id,
              v_open.supply_date, -(v_open.total_amount + v_corrected), v_open.seller, v_open.vat_mode);
    end if;
  end if;
  return null;
end
$$;

-- A cancelled paid order's refund: what is left after partial refunds (paid or open).
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

-- A refund paid names its refund, so the accountant's booking names its Rechnungskorrektur.
alter table public.order_payments add column refund_id uuid unique references public.refunds (id) on delete restrict;
comment on column public.order_payments.refund_id is 'The refund this money event settles (kind refund).';
