-- Issue 29: the shop writes to its newsletter subscribers.
--
-- A newsletter is a draft until an admin sends it to a segment. Sending schedules a job
-- ('newsletter-queue'); each run queues one batch of recipients in one transaction: an outbox row
-- and a newsletter_deliveries row per confirmed subscriber, with a fresh unsubscribe token whose
-- hash only is stored. The primary key (newsletter_id, subscription_id) and the outbox dedupe key
-- make a batch that a crash rolled back, or that runs twice, queue nobody twice.
-- Newsletter mails are `bulk` in the outbox: the worker takes every transactional mail first and
-- at most NEWSLETTER_RATE_PER_MINUTE bulk mails a minute. docs/decisions/0018-newsletter-sending.md.

alter table public.mail_outbox
  add column bulk boolean not null default false,
  -- Extra headers (List-Unsubscribe, List-Unsubscribe-Post); only the server role reads them.
  add column headers jsonb check (headers is null or jsonb_typeof(headers) = 'object'),
  -- When a worker last claimed the row: the throttle counts bulk claims of the last minute.
  add column claimed_at timestamptz;
-- Transactional mails first, then bulk ones, each oldest first.
create index mail_outbox_due_bulk_idx on public.mail_outbox (bulk, next_attempt_at) where status = 'queued';
-- The throttle counts the bulk mails claimed in the last minute.
create index mail_outbox_bulk_claimed_idx on public.mail_outbox (claimed_at) where bulk;

-- -----------------------------------------------------------------------------------------------
-- Newsletters: drafts, then sending (batches being queued), then sent (all recipients queued).
-- -----------------------------------------------------------------------------------------------
create table public.newsletters (
  id uuid primary key default gen_random_uuid(),
  subject text not null check (btrim(subject) <> '' and char_length(subject) <= 200),
  preheader text not null default '' check (char_length(preheader) <= 200),
  body_markdown text not null default '' check (char_length(body_markdown) <= 100000),
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  segment text check (segment in ('all', 'members', 'non-members')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  send_started_at timestamptz,
  queued_at timestamptz,
  check ((status = 'draft') = (segment is null))
);
comment on table public.newsletters is 'Newsletter issues written by admins; read-only once sent.';
create index newsletters_list_idx on public.newsletters (created_at desc, id desc);

create table public.newsletter_deliveries (
  newsletter_id uuid not null references public.newsletters (id) on delete cascade,
  subscription_id uuid not null references public.newsletter_subscriptions (id) on delete cascade,
  -- The outbox row (kept when the outbox is cleaned up: the count then just loses its status).
  mail_id uuid references public.mail_outbox (id) on delete set null,
  unsubscribe_token_hash text not null unique check (char_length(unsubscribe_token_hash) = 64),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (newsletter_id, subscription_id)
);
comment on table public.newsletter_deliveries is 'One row per newsletter and recipient; written only by the server.';
create index newsletter_deliveries_subscription_idx on public.newsletter_deliveries (subscription_id);
create index newsletter_deliveries_mail_idx on public.newsletter_deliveries (mail_id);

alter table public.newsletters enable row level security;
alter table public.newsletter_deliveries enable row level security;
revoke all on public.newsletters, public.newsletter_deliveries from anon, authenticated;
grant all on public.newsletters, public.newsletter_deliveries to service_role;
-- Admins write drafts; status, segment and the send times change only through start_newsletter_send.
grant select, delete on public.newsletters to authenticated;
grant insert (subject, preheader, body_markdown, created_by) on public.newsletters to authenticated;
grant update (subject, preheader, body_markdown, updated_at) on public.newsletters to authenticated;
grant select (newsletter_id, subscription_id, mail_id, unsubscribed_at, created_at)
  on public.newsletter_deliveries to authenticated;

create policy newsletters_admin_select on public.newsletters for select to authenticated
  using ((select public.is_admin((select auth.uid()))));
create policy newsletters_admin_insert on public.newsletters for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))) and status = 'draft');
-- A sent (or sending) newsletter is read-only.
create policy newsletters_admin_update on public.newsletters for update to authenticated
  using ((select public.is_admin((select auth.uid()))) and status = 'draft')
  with check ((select public.is_admin((select auth.uid()))) and status = 'draft');
create policy newsletters_admin_delete on public.newsletters for delete to authenticated
  using ((select public.is_admin((select auth.uid()))) and status = 'draft');
create policy newsletter_deliveries_admin_select on public.newsletter_deliveries for select to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- -----------------------------------------------------------------------------------------------
-- start_newsletter_send: a draft goes to a segment. Admins only; schedules the first queue batch
-- as a job. A second call (form sent twice) finds no draft and answers false.
-- -----------------------------------------------------------------------------------------------
create function public.start_newsletter_send(p_id uuid, p_segment text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not (auth.role() = 'service_role' or public.is_admin(auth.uid())) then
    raise exception 'Keine Berechtigung.' using errcode = '42501';
  end if;
  if p_segment is null or p_segment not in ('all', 'members', 'non-members') then
    raise exception 'Unbekannte Zielgruppe.' using errcode = '22023';
  end if;
  update public.newsletters
     set status = 'sending', segment = p_segment, send_started_at = now(), updated_at = now()
   where id = p_id and status = 'draft';
  if not found then
    return false;
  end if;
  insert into public.jobs (kind, key, run_at, payload)
  values ('newsletter-queue', 'newsletter-queue:' || p_id::text || ':0', public.shop_now(),
          jsonb_build_object('newsletterId', p_id, 'batch', 0))
  on conflict (key) do nothing;
  return true;
end
$$;
revoke all on function public.start_newsletter_send(uuid, text) from public, anon;
grant execute on function public.start_newsletter_send(uuid, text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------
-- unsubscribe_newsletter: also takes the personal token of a newsletter mail (one-click, RFC 8058)
-- and records which issue it came from. The consent proof stays with the subscription.
-- -----------------------------------------------------------------------------------------------
create or replace function public.unsubscribe_newsletter(p_token text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hash text;
  v_subscription uuid;
begin
  if p_token is null or char_length(p_token) not between 16 and 512 then
    return false;
  end if;
  v_hash := encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  update public.newsletter_deliveries d
     set unsubscribed_at = coalesce(d.unsubscribed_at, now())
   where d.unsubscribe_token_hash = v_hash
  returning d.subscription_id into v_subscription;
  if v_subscription is not null then
    update public.newsletter_subscriptions s set status = 'unsubscribed' where s.id = v_subscription;
    return true;
  end if;
  update public.newsletter_subscriptions s
     set status = 'unsubscribed'
   where s.unsubscribe_token_hash = v_hash;
  return found;
end
$$;
revoke execute on function public.unsubscribe_newsletter(text) from public;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;
