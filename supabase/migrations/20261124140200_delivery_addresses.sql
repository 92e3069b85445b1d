-- Delivery address (issue 17): an order with a shipped product goes to the billing address unless
-- the customer gives another one at checkout. That one is stored here, written in the checkout's
-- transaction right after place_order, by the order's owner, once, while the order is pending.
create table public.order_delivery_addresses (
  order_id uuid primary key references public.orders (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 201),
  street text not null check (btrim(street) <> '' and char_length(street) <= 200),
  zipcode text not null check (btrim(zipcode) <> '' and char_length(zipcode) <= 20),
  city text not null check (btrim(city) <> '' and char_length(city) <= 100),
  country text not null check (btrim(country) <> '' and char_length(country) <= 100),
  created_at timestamptz not null default now()
);

alter table public.order_delivery_addresses enable row level security;
revoke all on public.order_delivery_addresses from anon, authenticated;
grant all on public.order_delivery_addresses to service_role;
grant select, insert on public.order_delivery_addresses to authenticated;

create policy order_delivery_addresses_read on public.order_delivery_addresses for select to authenticated
  using (
    exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
    or (select public.is_admin((select auth.uid())))
  );
-- Only for one's own pending order; the primary key allows one address per order, never changed.
create policy order_delivery_addresses_owner_insert on public.order_delivery_addresses for insert to authenticated
  with check (
    exists (
      select 1 from public.orders o
      where o.id = order_id and o.user_id = (select auth.uid()) and o.status = 'pending')
  );
