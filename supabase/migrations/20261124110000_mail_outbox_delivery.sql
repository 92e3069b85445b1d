-- Issue 15: the outbox becomes the delivery queue. A mail is inserted in the same transaction as
-- the write that causes it (order, withdrawal, newsletter sign-up, password reset); a worker in
-- every server instance claims due rows (FOR UPDATE SKIP LOCKED, with a lease so a crashed
-- instance's claim runs out), sends outside any transaction and records the outcome. Failed sends
-- are retried with growing pauses for at least 24 hours, then the mail is marked failed.

alter table public.mail_outbox rename column error to last_error;

alter table public.mail_outbox
  add column status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  -- Counted when a worker claims the row, so a send cut short by a crash counts as an attempt.
  add column attempts integer not null default 0 check (attempts >= 0),
  add column next_attempt_at timestamptz not null default now(),
  -- A claim: until then no other worker takes the row. NULL when nobody holds it.
  add column locked_until timestamptz,
  -- Generated at enqueue and sent as the Message-ID header: a resend after a crash is the same mail
  -- to every receiving server and mail client.
  add column message_id text not null default ('<' || gen_random_uuid()::text || '@outbox.behappy>')
    check (char_length(message_id) <= 300),
  -- One mail per cause (e.g. one confirmation per order even when the form is sent twice).
  add column dedupe_key text check (char_length(dedupe_key) <= 200);

alter table public.mail_outbox add constraint mail_outbox_message_id_key unique (message_id);
alter table public.mail_outbox add constraint mail_outbox_dedupe_key_key unique (dedupe_key);

-- Rows from before: delivered ones are sent; anything older than the retry window is given up
-- instead of surprising a customer with a mail from long ago.
update public.mail_outbox set status = 'sent' where sent_at is not null;
update public.mail_outbox set status = 'failed'
  where sent_at is null and created_at < now() - interval '24 hours';

drop index if exists public.mail_outbox_unsent_idx;
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status = 'queued';
-- The admin list of undelivered mails, newest first.
create index mail_outbox_undelivered_idx on public.mail_outbox (created_at desc) where status <> 'sent';

-- "Erneut senden" in the admin area: due now again (a failed mail gets a new retry window);
-- attempts stay counted. Checks the admin itself, so the admin role needs no write grant on the table.
create or replace function public.retry_mail(p_id uuid) returns boolean
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
  update public.mail_outbox
     set status = 'queued', next_attempt_at = now(), locked_until = null
   where id = p_id and status <> 'sent';
  get diagnostics v_found = row_count;
  return v_found;
end
$$;

revoke execute on function public.retry_mail(uuid) from public, anon;
grant execute on function public.retry_mail(uuid) to authenticated, service_role;
