-- Grants and Row Level Security. The database is the last line of defence (ARCHITECTURE §1.2):
-- grants say which statements a role may issue at all, policies say which rows.
-- Supabase grants everything in schema public to anon/authenticated by default, so we start by
-- revoking and then grant only what each role needs. service_role bypasses RLS but still needs grants.
-- tests/db/migrations.test.ts fails if any table in public lacks RLS.

grant usage on schema public to anon, authenticated, service_role;

revoke all on all tables in schema public from public, anon, authenticated;
revoke execute on all functions in schema public from public, anon, authenticated;
grant all on all tables in schema public to service_role;

-- Future tables and functions made by the migration owner: Supabase would grant them to anon and
-- authenticated automatically; here nothing is exposed until a migration grants it explicitly.
-- (PUBLIC's default EXECUTE on new functions is global in PostgreSQL and cannot be revoked per
-- schema: every new function must still `revoke execute … from public` itself.)
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges in schema public grant all on tables to service_role;

alter table public.events enable row level security;
alter table public.courses enable row level security;
alter table public.products enable row level security;
alter table public.newsletter_subscriptions enable row level security;
alter table public.contact_messages enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.profiles enable row level security;
alter table public.event_bookings enable row level security;
alter table public.user_roles enable row level security;
alter table public.rate_limits enable row level security;
alter table public.mail_outbox enable row level security;

-- -----------------------------------------------------------------------------------------------
-- Functions. Admin checks in policies are wrapped in (select …) so Postgres evaluates them once
-- per statement (initPlan) instead of once per row.
-- -----------------------------------------------------------------------------------------------
grant execute on function public.is_admin(uuid) to authenticated, service_role;
grant execute on function public.place_order(uuid, jsonb, jsonb) to authenticated, service_role;
grant execute on function public.register_participant(uuid, text, text, text, text, text)
  to authenticated, service_role;
-- Newsletter links are opened signed in or not.
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;
-- Only the server's rate limiter (service_role) counts hits.
grant execute on function public.rate_limit_hit(text, integer, integer) to service_role;
-- Trigger functions are never called directly.
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- -----------------------------------------------------------------------------------------------
-- Catalogue: everyone reads; admins write.
-- -----------------------------------------------------------------------------------------------
grant select on public.events, public.courses, public.products to anon, authenticated;
grant insert, update, delete on public.events, public.courses, public.products to authenticated;

create policy events_read on public.events for select to anon, authenticated using (true);
create policy events_admin_insert on public.events for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))));
create policy events_admin_update on public.events for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy events_admin_delete on public.events for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

create policy courses_read on public.courses for select to anon, authenticated using (true);
create policy courses_admin_insert on public.courses for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))));
create policy courses_admin_update on public.courses for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy courses_admin_delete on public.courses for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

create policy products_read on public.products for select to anon, authenticated using (true);
create policy products_admin_insert on public.products for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))));
create policy products_admin_update on public.products for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy products_admin_delete on public.products for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- Newsletter and contact: visitors insert (column grants: they cannot set id, status, timestamps),
-- admins read, update and delete. Visitors cannot read back (no RETURNING in the app).
-- -----------------------------------------------------------------------------------------------
grant insert (email, first_name, last_name, consent_text, confirm_token_hash, unsubscribe_token_hash)
  on public.newsletter_subscriptions to anon, authenticated;
grant select, update, delete on public.newsletter_subscriptions to authenticated;

create policy newsletter_subscribe on public.newsletter_subscriptions for insert to anon, authenticated
  with check (status = 'pending' and confirmed_at is null);
create policy newsletter_admin_select on public.newsletter_subscriptions for select to authenticated
  using ((select public.is_admin((select auth.uid()))));
create policy newsletter_admin_update on public.newsletter_subscriptions for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy newsletter_admin_delete on public.newsletter_subscriptions for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

grant insert (name, email, phone, message) on public.contact_messages to anon, authenticated;
grant select, update, delete on public.contact_messages to authenticated;

create policy contact_send on public.contact_messages for insert to anon, authenticated
  with check (status = 'new');
create policy contact_admin_select on public.contact_messages for select to authenticated
  using ((select public.is_admin((select auth.uid()))));
create policy contact_admin_update on public.contact_messages for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy contact_admin_delete on public.contact_messages for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- Orders, lines, bookings: owners and admins read. Writes go through place_order /
-- register_participant (SECURITY DEFINER); admins may only change an order's status and fix or
-- remove participant entries. Order lines are immutable (they are the bookkeeping record).
-- -----------------------------------------------------------------------------------------------
grant select on public.orders, public.order_items, public.event_bookings to authenticated;
grant update (status) on public.orders to authenticated;
grant update (first_name, last_name, email, phone, notes), delete on public.event_bookings to authenticated;

create policy orders_read on public.orders for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));
create policy orders_admin_update on public.orders for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));

create policy order_items_read on public.order_items for select to authenticated
  using (
    exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
    or (select public.is_admin((select auth.uid())))
  );

create policy event_bookings_read on public.event_bookings for select to authenticated
  using (
    exists (
      select 1 from public.order_items oi join public.orders o on o.id = oi.order_id
      where oi.id = order_item_id and o.user_id = (select auth.uid()))
    or (select public.is_admin((select auth.uid())))
  );
create policy event_bookings_admin_update on public.event_bookings for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy event_bookings_admin_delete on public.event_bookings for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- Profiles: the owner reads, creates (spec: created on first load when missing) and edits their
-- own; admins read, edit and delete all. id and created_at are not updatable by anyone but service_role.
-- -----------------------------------------------------------------------------------------------
grant select, delete on public.profiles to authenticated;
grant insert (id, salutation, first_name, last_name, email, street, zipcode, city, country,
              areacode, phone, mobile)
  on public.profiles to authenticated;
grant update (salutation, first_name, last_name, email, street, zipcode, city, country,
              areacode, phone, mobile, updated_at)
  on public.profiles to authenticated;

create policy profiles_read on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy profiles_update on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin((select auth.uid()))))
  with check (id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));
create policy profiles_admin_delete on public.profiles for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- user_roles: read-only for the API (a user sees their own roles, admins see all). Admins are made
-- with the documented server command (service_role), never through the web app.
-- -----------------------------------------------------------------------------------------------
grant select on public.user_roles to authenticated;
create policy user_roles_read on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- rate_limits: service_role only (no grants, no policies for the API roles).
-- mail_outbox: service_role writes and sends; admins may look at it.
-- -----------------------------------------------------------------------------------------------
grant select on public.mail_outbox to authenticated;
create policy mail_outbox_admin_select on public.mail_outbox for select to authenticated
  using ((select public.is_admin((select auth.uid()))));
