-- Member data version (issue 31, a member's /dashboard from the page cache): one counter that moves
-- with every write to what a member's dashboard shows: their orders, lines, participants, invoices
-- and corrections, profile, membership and plans, cancellations, and their account's address or its
-- confirmation. Each app instance keeps rendered dashboards in memory keyed by it, re-reads it at
-- most about once a second (as catalog_version and viewer_version), and right after any write request
-- it answered itself (server/page-cache.ts), so a change made anywhere is seen within about a second,
-- and a member's own change at once.
--
-- Statement-level, like the other counters: one bump per writing statement, whatever it touched. A
-- busy shop retires every stored dashboard with each order; a dashboard is then rendered once more.

create table public.member_data_version (
  id boolean primary key default true check (id),
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);
insert into public.member_data_version (id, version) values (true, 0);

create or replace function public.bump_member_data_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.member_data_version set version = version + 1, changed_at = now() where id;
  return null;
end
$$;

revoke execute on function public.bump_member_data_version() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array[
    'orders', 'order_items', 'event_bookings', 'invoices', 'invoice_correction_lines', 'profiles',
    'memberships', 'membership_plans', 'contract_cancellations'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I
         for each statement execute function public.bump_member_data_version()',
      t || '_member_data_version', t);
  end loop;
end
$$;

-- The account's address and whether it is confirmed (the dashboard's notice): ours off Supabase.
-- On Supabase the migration role may not be allowed triggers on auth.users, and the app does not
-- keep dashboards there (its sessions are Supabase Auth's, server/page-cache.ts renders them alone).
do $$
begin
  create trigger users_member_data_version after update of email, email_confirmed_at or delete on auth.users
    for each statement execute function public.bump_member_data_version();
exception when insufficient_privilege then
  raise notice 'member_data_version: no trigger on auth.users (not its owner); sessions are Supabase Auth''s here';
end
$$;

-- Everyone may read the number (it says nothing but "some member's data changed"); only the
-- triggers write it.
alter table public.member_data_version enable row level security;
revoke all on public.member_data_version from anon, authenticated;
grant all on public.member_data_version to service_role;
grant select on public.member_data_version to anon, authenticated;
create policy member_data_version_read on public.member_data_version for select to anon, authenticated using (true);
