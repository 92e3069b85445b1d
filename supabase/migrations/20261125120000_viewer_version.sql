-- Viewer version (issue "Faster than rendering", signed-in pages): who a session cookie belongs to,
-- whether that user is an admin and which prices their membership grants are read on every page
-- a member views. Each app instance keeps those answers in memory (app/server/auth/
-- viewer-cache.server.ts) and re-reads this one counter at most about once a second, the way the
-- catalogue cache follows catalog_version: a sign-out, a password change that ends sessions, a
-- deleted account, a membership that starts or ends, or an admin role granted or taken away, made
-- through any instance or plain SQL, is seen by every instance within about a second.
--
-- New sessions (sign-in) do not bump it: no instance can hold an answer for a session that did not
-- exist. Orders do not either: only the membership they start (a row in memberships) matters here.

create table public.viewer_version (
  id boolean primary key default true check (id),
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);
insert into public.viewer_version (id, version) values (true, 0);

create or replace function public.bump_viewer_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.viewer_version set version = version + 1, changed_at = now() where id;
  return null;
end
$$;

revoke execute on function public.bump_viewer_version() from public, anon, authenticated;

create trigger memberships_viewer_version after insert or update or delete or truncate on public.memberships
  for each statement execute function public.bump_viewer_version();
create trigger membership_plans_viewer_version after insert or update or delete or truncate on public.membership_plans
  for each statement execute function public.bump_viewer_version();
create trigger user_roles_viewer_version after insert or update or delete or truncate on public.user_roles
  for each statement execute function public.bump_viewer_version();

-- The auth tables: ours off Supabase (supabase/local/), Supabase Auth's on Supabase, where the
-- migration role may not be allowed triggers on them. There the app does not read auth.sessions
-- (Supabase Auth checks its own tokens); a deleted user's membership and roles go by cascade, which
-- bumps the counter through the triggers above.
do $$
begin
  create trigger sessions_viewer_version after update or delete or truncate on auth.sessions
    for each statement execute function public.bump_viewer_version();
  create trigger users_viewer_version after update of email or delete or truncate on auth.users
    for each statement execute function public.bump_viewer_version();
exception when insufficient_privilege then
  raise notice 'viewer_version: no triggers on auth.sessions/auth.users (not their owner); sessions are Supabase Auth''s here';
end
$$;

-- Everyone may read the number (it says nothing but "some account changed"), so a write made as the
-- member or admin can note the version it produced; only the triggers write it.
alter table public.viewer_version enable row level security;
revoke all on public.viewer_version from anon, authenticated;
grant all on public.viewer_version to service_role;
grant select on public.viewer_version to anon, authenticated;
create policy viewer_version_read on public.viewer_version for select to anon, authenticated using (true);
