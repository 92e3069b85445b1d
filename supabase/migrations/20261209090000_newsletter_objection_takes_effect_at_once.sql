-- A newsletter objection takes effect at once, and an unconfirmed sign-up leaves no proof behind.
--
-- A review of the newsletter found three things the privacy page and Art. 21 (3) DSGVO promise and
-- the functions did not keep:
-- 1. Someone who unsubscribed while an issue was being sent still got it, up to hours later: the
--    copies already queued for them stayed in the outbox. unsubscribe_newsletter now withdraws the
--    subscription's copies still waiting, with their delivery rows (the issue's counts and the
--    reader's data export then say it was never sent to them). A copy the mail server has already
--    been handed cannot be recalled.
-- 2. A sign-up cancelled with "Hier abmelden" in its confirmation mail, never confirmed, was kept
--    three years as an ended subscription, and its history said the request had "expired". Its
--    history now says "unsubscribed"; the retention job deletes it after 30 days like every
--    unconfirmed request (app/server/newsletter/newsletter-retention.server.ts).
-- 3. Two sign-ups for a new address at the same moment: the one that lost the insert returned
--    "pending", and the app mailed a link whose token was never stored. It now says 'raced', and
--    only the winner mails its link.
-- Besides, a sent newsletter's row kept the reader's personal one-click link in its headers after
-- delivery (the body was cleared); the worker now clears both, and rows sent before are cleared here.

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
  -- An issue's own link (one per delivery), else the link of the confirmation mail.
  update public.newsletter_deliveries d
     set unsubscribed_at = coalesce(d.unsubscribed_at, public.shop_now())
   where d.unsubscribe_token_hash = v_hash
  returning d.subscription_id into v_subscription;
  if v_subscription is null then
    select s.id into v_subscription from public.newsletter_subscriptions s where s.unsubscribe_token_hash = v_hash;
    if v_subscription is null then
      return false;
    end if;
  end if;
  update public.newsletter_subscriptions s set status = 'unsubscribed' where s.id = v_subscription;
  -- A copy still waiting goes with its delivery row: the issue was never sent to this reader. Sent
  -- and failed ones stay as what happened.
  with withdrawn as (
    delete from public.newsletter_deliveries d
     using public.mail_outbox m
     where d.subscription_id = v_subscription and m.id = d.mail_id and m.status = 'queued'
    returning d.mail_id
  )
  delete from public.mail_outbox m where m.id in (select mail_id from withdrawn);
  return true;
end
$$;

create or replace function public.newsletter_consent_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A new request: the row is new, or asked for again (subscribe_newsletter sets consent_at anew).
  if tg_op = 'INSERT' or new.consent_at is distinct from old.consent_at then
    insert into public.newsletter_consents (subscription_id, event, email, consent_text, at)
    values (new.id, 'requested', new.email, new.consent_text, new.consent_at);
  end if;
  if new.status = 'subscribed' and (tg_op = 'INSERT' or old.status <> 'subscribed') then
    insert into public.newsletter_consents (subscription_id, event, email, at)
    values (new.id, 'confirmed', new.email, coalesce(new.confirmed_at, public.shop_now()));
  elsif tg_op = 'UPDATE' and new.status = 'unsubscribed' and old.status <> 'unsubscribed' then
    -- The data-retention job ends an unconfirmed request by taking its link away (expired); the
    -- address itself leaves by its unsubscribe link, which leaves the confirmation link as it was.
    insert into public.newsletter_consents (subscription_id, event, email)
    values (new.id,
            case when old.status = 'pending' and new.confirm_token_hash is null then 'expired' else 'unsubscribed' end,
            new.email);
  end if;
  return null;
end
$$;

create or replace function public.subscribe_newsletter(
  p_email text,
  p_first_name text,
  p_last_name text,
  p_consent_text text,
  p_confirm_token text,
  p_unsubscribe_token text
) returns table (previous_status text, stored_email text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := btrim(coalesce(p_email, ''));
  v_stored text;
  v_status text;
  v_confirm text;
  v_unsubscribe text;
begin
  if char_length(coalesce(p_confirm_token, '')) < 32 or char_length(coalesce(p_unsubscribe_token, '')) < 32 then
    raise exception 'subscribe_newsletter: tokens must be random and long' using errcode = '22023';
  end if;
  v_confirm := encode(sha256(convert_to(p_confirm_token, 'UTF8')), 'hex');
  v_unsubscribe := encode(sha256(convert_to(p_unsubscribe_token, 'UTF8')), 'hex');

  select s.status, s.email into v_status, v_stored
  from public.newsletter_subscriptions s where lower(s.email) = lower(v_email)
  for update;

  if not found then
    insert into public.newsletter_subscriptions
      (email, first_name, last_name, consent_text, confirm_token_hash, unsubscribe_token_hash)
    values (v_email, nullif(btrim(p_first_name), ''), nullif(btrim(p_last_name), ''), p_consent_text,
            v_confirm, v_unsubscribe)
    on conflict do nothing;
    -- 'raced': a concurrent request for the same address won the insert and mails its own link;
    -- these tokens were never stored, so no mail may carry them.
    previous_status := case when found then 'new' else 'raced' end;
    stored_email := v_email;
    return next;
    return;
  end if;

  previous_status := v_status;
  stored_email := v_stored;
  if v_status <> 'subscribed' then
    -- Pending or unsubscribed: a fresh request, only the newest link works.
    update public.newsletter_subscriptions s
       set status = 'pending', confirmed_at = null, consent_text = p_consent_text, consent_at = public.shop_now(),
           confirm_token_hash = v_confirm, unsubscribe_token_hash = v_unsubscribe
     where lower(s.email) = lower(v_email);
  end if;
  return next;
end
$$;

update public.mail_outbox
   set headers = null
 where carries_secret and status = 'sent' and headers is not null;
