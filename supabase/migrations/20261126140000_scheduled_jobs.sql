-- Scheduled jobs: work due at a time on the shop's clock (issue 26).
--
-- One row per cause (`key`, e.g. 'membership-sweep' or 'waitlist-offer:<id>'). A worker in every
-- server instance runs due rows (app/server/jobs/jobs.server.ts): it takes one with
-- FOR UPDATE SKIP LOCKED and keeps that row lock while the job's work, the mails it queues and the
-- row's new state commit in one transaction, so a job runs once however many instances run, and a
-- crash rolls everything back for the next attempt (the lock goes with the connection). A recurring
-- job (`repeat_seconds`) is scheduled again after each success. Failures are retried with back-off
-- and recorded in last_error; after max_attempts the job is 'failed' until an admin runs it again.
-- docs/decisions/0014-scheduled-jobs.md says why this and not pg-boss or graphile-worker.

create table public.jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{1,62}$'),
  key text not null unique check (length(key) between 1 and 200),
  payload jsonb not null default '{}'::jsonb,
  run_at timestamptz not null,
  repeat_seconds integer check (repeat_seconds > 0),
  status text not null default 'scheduled' check (status in ('scheduled', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 8 check (max_attempts > 0),
  last_run_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.jobs is 'Work due at a time on the shop''s clock; run once by the server''s job worker.';
create index jobs_due_idx on public.jobs (run_at) where status = 'scheduled';

alter table public.jobs enable row level security;
revoke all on table public.jobs from anon, authenticated;
grant select on table public.jobs to authenticated;
create policy jobs_admin_select on public.jobs for select to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- "Jetzt ausführen" in /admin/jobs: makes a job due now on the shop's clock (a failed one too);
-- the server then runs it. Only admins; nothing else about the job can be changed through the API.
create function public.run_job_now(p_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Keine Berechtigung.' using errcode = '42501';
  end if;
  update public.jobs
     set status = 'scheduled', run_at = least(run_at, public.shop_now()), attempts = 0, updated_at = now()
   where id = p_id and status <> 'done';
  get diagnostics v_found = row_count;
  return v_found;
end
$$;
revoke all on function public.run_job_now(uuid) from public;
grant execute on function public.run_job_now(uuid) to authenticated, service_role;

-- The membership sweep (reminders before a Yearly plan ends, the end itself): hourly, first run now.
insert into public.jobs (kind, key, run_at, repeat_seconds)
values ('membership-sweep', 'membership-sweep', now(), 3600);
