-- Catalogue version (issue "Proof under pressure", SSR throughput): a counter that every write to
-- events, courses or products bumps, inside the writing transaction (statement-level trigger, so a
-- bulk update bumps it once). Each app instance keeps the public catalogue in memory
-- (app/server/catalog-cache.server.ts) and re-reads this one row at most about once a second: a
-- change made through any instance, the Supabase dashboard or plain SQL reaches every instance
-- within about a second, without a query per page view.
--
-- A table and not a sequence: nextval() is not transactional, so another instance could see the
-- new number before the change commits, reload the old rows and keep them until the next change.
-- The row becomes visible only with the commit of the change itself.

create table public.catalog_version (
  id boolean primary key default true check (id),
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);
insert into public.catalog_version (id, version) values (true, 0);

create or replace function public.bump_catalog_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.catalog_version set version = version + 1, changed_at = now() where id;
  return null;
end
$$;

revoke execute on function public.bump_catalog_version() from public, anon, authenticated;

create trigger events_catalog_version after insert or update or delete or truncate on public.events
  for each statement execute function public.bump_catalog_version();
create trigger courses_catalog_version after insert or update or delete or truncate on public.courses
  for each statement execute function public.bump_catalog_version();
create trigger products_catalog_version after insert or update or delete or truncate on public.products
  for each statement execute function public.bump_catalog_version();

-- Everyone may read the number (it says nothing but "the catalogue changed"); only the trigger writes it.
alter table public.catalog_version enable row level security;
revoke all on public.catalog_version from anon, authenticated;
grant all on public.catalog_version to service_role;
grant select on public.catalog_version to anon, authenticated;
create policy catalog_version_read on public.catalog_version for select to anon, authenticated using (true);
