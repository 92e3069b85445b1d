-- Unconfirmed newsletter sign-ups end after 30 days.
--
-- The privacy page promises "Nicht bestätigte Anmeldungen löschen wir nach spätestens 30 Tagen."
-- Nothing did: a pending sign-up (an address anyone can type in) stayed for good, and its link kept
-- working. Now the link works for 30 days after the request (consent_at, by the shop's clock), and
-- the daily job data-retention (app/server/members/data-retention.server.ts) deletes what is still
-- pending after that; an address that had received issues before it unsubscribed and
-- asked again goes back to unsubscribed instead, so the record of what it received stays.

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
     set status = 'subscribed', confirmed_at = coalesce(s.confirmed_at, now())
   where s.confirm_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
     and (s.status = 'subscribed' or (s.status = 'pending' and s.consent_at > public.shop_now() - interval '30 days'));
  return found;
end
$$;

-- The deletion periods of the privacy page: daily, first run now.
insert into public.jobs (kind, key, run_at, repeat_seconds)
values ('data-retention', 'data-retention', now(), 86400)
on conflict (key) do nothing;
