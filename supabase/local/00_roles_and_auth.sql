-- Local shim: what a Supabase project already has, for PGlite and plain PostgreSQL.
-- Applied on EVERY start off Supabase (never on Supabase), so each statement is idempotent.
-- Names and semantics follow Supabase so the migrations in ../migrations run unchanged on both.

-- ---------------------------------------------------------------------------------------------
-- Roles. Like Supabase: the app logs in as `authenticator` (NOINHERIT, so it has no privileges of
-- its own) and switches per transaction to anon / authenticated / service_role.
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    -- BYPASSRLS as on Supabase: server-side jobs (mail outbox, rate limits, auth) skip policies.
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Membership lets `set role anon` etc. succeed; NOINHERIT keeps authenticator itself powerless.
  if not exists (
    select 1 from pg_auth_members m
    join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
    where u.rolname = 'authenticator' and r.rolname = 'anon'
  ) then
    grant anon to authenticator;
  end if;
  if not exists (
    select 1 from pg_auth_members m
    join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
    where u.rolname = 'authenticator' and r.rolname = 'authenticated'
  ) then
    grant authenticated to authenticator;
  end if;
  if not exists (
    select 1 from pg_auth_members m
    join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
    where u.rolname = 'authenticator' and r.rolname = 'service_role'
  ) then
    grant service_role to authenticator;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Schema auth: the subset of Supabase Auth's tables the local auth provider needs, same names.
-- ---------------------------------------------------------------------------------------------
create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  encrypted_password text,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_sign_in_at timestamptz
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz not null
);
-- Sign-out with scope=global deletes by user; expiry sweeps by not_after.
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('recovery_token')),
  -- Only a hash is stored: a leaked table cannot be replayed.
  token_hash text not null unique,
  created_at timestamptz default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);

-- E-mail confirmation (issue 14), as on Supabase Auth: the address counts as the member's only once
-- a mailed link was used (email_confirmed_at). Added in place so databases made before keep working.
alter table auth.users add column if not exists email_confirmed_at timestamptz;
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('recovery_token', 'confirmation_token', 'email_change_token_new'));
-- A change of the sign-in address, as on Supabase Auth: the link goes to the new address, which the
-- token relates to, and the address changes only when it is used.
alter table auth.one_time_tokens add column if not exists relates_to text;

-- ---------------------------------------------------------------------------------------------
-- Claim helpers. `request.jwt.claims` is set per transaction by withViewer (and by PostgREST on
-- Supabase). After a transaction the setting reads '' (not NULL), hence the nullif.
-- ---------------------------------------------------------------------------------------------
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb)
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb->>'sub', '')::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb->>'role', '')
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb->>'email', '')
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants: API roles may resolve auth.* functions (policies call auth.uid()); only service_role
-- (the server's auth provider) touches the auth tables.
-- ---------------------------------------------------------------------------------------------
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
revoke all on auth.users, auth.sessions, auth.one_time_tokens from public, anon, authenticated;
grant all on auth.users, auth.sessions, auth.one_time_tokens to service_role;
