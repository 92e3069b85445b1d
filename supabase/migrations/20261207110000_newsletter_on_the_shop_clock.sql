-- The newsletter's records are stamped by the shop's clock, as the decisions about them are.
--
-- Migration 20261206150000 left "newsletter consent evidence" on real time, but two decisions count
-- from it by the shop's clock: a confirmation link older than 30 days is refused (confirm_newsletter)
-- and the daily data-retention job ends such a request and deletes an ended subscription three years
-- on. With the clock moved ahead (the end-to-end hook), a sign-up was refused as soon as its link
-- arrived, and the admin list and the member's export dated it to another year. In production both
-- clocks agree; now the request, its confirmation, the unsubscription and the consent history all
-- read public.shop_now(), like every other business record.

alter table public.newsletter_subscriptions alter column consent_at set default public.shop_now();
alter table public.newsletter_subscriptions alter column created_at set default public.shop_now();
alter table public.newsletter_consents alter column at set default public.shop_now();
alter table public.newsletter_deliveries alter column created_at set default public.shop_now();

create or replace function public.confirm_newsletter(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_token is null or char_length(p_token) not between 16 and 512 then
    return false;
  end if;
  -- An unsubscribed address is not re-subscribed by an old confirmation link, nor a pending one
  -- by a link older than 30 days.
  update public.newsletter_subscriptions s
     set status = 'subscribed', confirmed_at = coalesce(s.confirmed_at, public.shop_now())
   where s.confirm_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
     and (s.status = 'subscribed' or (s.status = 'pending' and s.consent_at > public.shop_now() - interval '30 days'));
  return found;
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
    -- From pending, the request ran out unconfirmed (the data-retention job); else the address left.
    insert into public.newsletter_consents (subscription_id, event, email)
    values (new.id, case when old.status = 'pending' then 'expired' else 'unsubscribed' end, new.email);
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
    -- A concurrent request for the same address won the insert; it mails the link.
    previous_status := case when found then 'new' else 'pending' end;
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
     set unsubscribed_at = coalesce(d.unsubscribed_at, public.shop_now())
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
