-- Getting paid (issue 17): VAT rate and "wird versandt" per catalogue item, both copied onto each
-- order line; invoices with a gapless number series, issued by the database in the transaction that
-- marks an order completed ("Zahlung eingegangen"), and a cancellation invoice (Stornorechnung) when
-- an invoiced order leaves "completed". Whatever client changes the status (app, SQL console,
-- Supabase dashboard), the invoice follows: no code path can forget it.

-- -----------------------------------------------------------------------------------------------
-- Catalogue: VAT rate (19 % standard, 7 % reduced: books, e-books, audiobooks) and shipping.
-- -----------------------------------------------------------------------------------------------
alter table public.events add column vat_rate numeric(4, 2) not null default 19 check (vat_rate in (7, 19));
alter table public.courses add column vat_rate numeric(4, 2) not null default 19 check (vat_rate in (7, 19));
alter table public.products add column vat_rate numeric(4, 2) not null default 19 check (vat_rate in (7, 19));
alter table public.products add column shipped boolean not null default false;

-- Databases seeded before this migration (seed.sql sets the same values on a new database).
update public.products set vat_rate = 7
  where id in ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000005',
               'b0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000008');
update public.products set shipped = true
  where id in ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
               'b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000004',
               'b0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000007');

-- -----------------------------------------------------------------------------------------------
-- Order lines: rate and shipping are snapshots, like title and price. A BEFORE INSERT trigger
-- fills them from the catalogue, so place_order (whichever version) needs no change for it.
-- -----------------------------------------------------------------------------------------------
alter table public.order_items add column vat_rate numeric(4, 2) check (vat_rate in (7, 19));
alter table public.order_items add column shipped boolean not null default false;
-- Lines written before this migration: the standard rate (they were never invoiced).
update public.order_items set vat_rate = 19 where vat_rate is null;
alter table public.order_items alter column vat_rate set not null;

create or replace function public.order_item_tax_snapshot() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.item_type in ('product', 'membership') then
    select p.vat_rate, p.shipped and p.category <> 'membership' into new.vat_rate, new.shipped
    from public.products p where p.id = new.item_id;
  elsif new.item_type = 'course' then
    select c.vat_rate, false into new.vat_rate, new.shipped from public.courses c where c.id = new.item_id;
  else
    select e.vat_rate, false into new.vat_rate, new.shipped from public.events e where e.id = new.item_id;
  end if;
  new.vat_rate := coalesce(new.vat_rate, 19);
  new.shipped := coalesce(new.shipped, false);
  return new;
end
$$;
revoke execute on function public.order_item_tax_snapshot() from public, anon, authenticated;

create trigger order_items_tax_snapshot before insert on public.order_items
  for each row execute function public.order_item_tax_snapshot();

-- -----------------------------------------------------------------------------------------------
-- Invoices. Number RE-<year>-<6 digits>, one series per calendar year, gapless: the counter row is
-- locked (FOR UPDATE) and incremented in the completing transaction, so a rollback returns the
-- number with everything else and two completions never share or skip one.
-- -----------------------------------------------------------------------------------------------
create table public.invoice_counters (
  year integer primary key check (year between 2000 and 9999),
  last_number integer not null default 0 check (last_number >= 0)
);

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^RE-[0-9]{4}-[0-9]{6}$'),
  kind text not null check (kind in ('invoice', 'cancellation')),
  -- Invoices are bookkeeping records (kept ten years): an order is never deleted under one.
  order_id uuid not null references public.orders (id) on delete restrict,
  -- A cancellation invoice names the invoice it cancels; an invoice is cancelled at most once.
  cancels_invoice_id uuid unique references public.invoices (id) on delete restrict,
  issued_at timestamptz not null default now(),
  supply_date date not null,
  -- Gross total (negative on a cancellation invoice).
  total_amount numeric(10, 2) not null,
  check ((kind = 'cancellation') = (cancels_invoice_id is not null))
);
create index invoices_order_id_idx on public.invoices (order_id, issued_at);

create or replace function public.next_invoice_number(p_at timestamptz) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_year integer := extract(year from p_at at time zone 'Europe/Berlin')::integer;
  v_number integer;
begin
  insert into public.invoice_counters (year, last_number) values (v_year, 0) on conflict (year) do nothing;
  select c.last_number + 1 into v_number from public.invoice_counters c where c.year = v_year for update;
  update public.invoice_counters set last_number = v_number where year = v_year;
  return 'RE-' || v_year || '-' || lpad(v_number::text, 6, '0');
end
$$;
revoke execute on function public.next_invoice_number(timestamptz) from public, anon, authenticated;

create or replace function public.invoice_on_status_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_open public.invoices;
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
    insert into public.invoices (number, kind, order_id, supply_date, total_amount)
    values (public.next_invoice_number(now()), 'invoice', new.id,
            (now() at time zone 'Europe/Berlin')::date, new.total_amount);
  elsif new.status <> 'completed' and v_open.id is not null then
    insert into public.invoices (number, kind, order_id, cancels_invoice_id, supply_date, total_amount)
    values (public.next_invoice_number(now()), 'cancellation', new.id, v_open.id,
            v_open.supply_date, -v_open.total_amount);
  end if;
  return null;
end
$$;
revoke execute on function public.invoice_on_status_change() from public, anon, authenticated;

create trigger orders_invoice after update of status on public.orders
  for each row execute function public.invoice_on_status_change();

-- Owners read their order's invoices, admins all; nobody writes them but the trigger.
alter table public.invoice_counters enable row level security;
alter table public.invoices enable row level security;
revoke all on public.invoice_counters, public.invoices from anon, authenticated;
grant all on public.invoice_counters, public.invoices to service_role;
grant select on public.invoices to authenticated;
create policy invoices_read on public.invoices for select to authenticated
  using (
    exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
    or (select public.is_admin((select auth.uid())))
  );
