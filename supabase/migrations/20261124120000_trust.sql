-- Issue 14: the database holds even when called directly (Supabase's REST API with the anon key).
--  * is_admin(uuid) answers only for the caller (or the server's service_role);
--  * the newsletter double opt-in needs the mailed token: tokens are hashed inside SQL, and only the
--    server (service_role) can create a subscription, so nobody stores a hash of their choosing;
--  * file_withdrawal no longer says whether name and e-mail match an order;
--  * data matched only by e-mail (newsletter, contact messages) belongs to an account only once its
--    address is confirmed (auth.users.email_confirmed_at, as on Supabase Auth);
--  * profiles.email always equals the account e-mail, whatever a client writes.

-- -----------------------------------------------------------------------------------------------
-- is_admin: for the caller only. Policies pass auth.uid(), the server asks as service_role; a
-- member asking about another id learns nothing (false).
-- -----------------------------------------------------------------------------------------------
create or replace function public.is_admin(p_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null
    and (p_user_id = auth.uid() or auth.role() = 'service_role')
    and exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin')
$$;

-- -----------------------------------------------------------------------------------------------
-- Newsletter. Visitors no longer insert rows themselves: the server calls subscribe_newsletter
-- with two fresh random tokens, mails them, and the database keeps only their sha-256 hashes.
-- The links hand the raw token to confirm/unsubscribe, which hash it here.
-- -----------------------------------------------------------------------------------------------
revoke insert on public.newsletter_subscriptions from anon, authenticated;
drop policy if exists newsletter_subscribe on public.newsletter_subscriptions;

-- Returns the address's state before the call: 'new', 'pending', 'unsubscribed' (all three now
-- pending with fresh tokens: the server mails a confirmation link) or 'subscribed' (unchanged: the
-- server mails a notice instead), and the address as stored (mails go there, whatever case was
-- typed). The visitor sees the same answer in every case.
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
       set status = 'pending', confirmed_at = null, consent_text = p_consent_text, consent_at = now(),
           confirm_token_hash = v_confirm, unsubscribe_token_hash = v_unsubscribe
     where lower(s.email) = lower(v_email);
  end if;
  return next;
end
$$;

drop function if exists public.confirm_newsletter(text);
create function public.confirm_newsletter(p_token text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_token is null or char_length(p_token) not between 16 and 512 then
    return false;
  end if;
  -- An unsubscribed address is not re-subscribed by an old confirmation link.
  update public.newsletter_subscriptions s
     set status = 'subscribed', confirmed_at = coalesce(s.confirmed_at, now())
   where s.confirm_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
     and s.status in ('pending', 'subscribed');
  return found;
end
$$;

drop function if exists public.unsubscribe_newsletter(text);
create function public.unsubscribe_newsletter(p_token text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_token is null or char_length(p_token) not between 16 and 512 then
    return false;
  end if;
  update public.newsletter_subscriptions s
     set status = 'unsubscribed'
   where s.unsubscribe_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  return found;
end
$$;

revoke execute on function public.subscribe_newsletter(text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.subscribe_newsletter(text, text, text, text, text, text) to service_role;
revoke execute on function public.confirm_newsletter(text) from public;
revoke execute on function public.unsubscribe_newsletter(text) from public;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------
-- file_withdrawal: the receipt only (id, time). Whether it was linked to an order is for admins.
-- -----------------------------------------------------------------------------------------------
drop function if exists public.file_withdrawal(text, text, text, text);
create function public.file_withdrawal(p_name text, p_email text, p_order_reference text, p_note text)
returns table (id uuid, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reference text := upper(btrim(coalesce(p_order_reference, '')));
  v_order uuid;
begin
  if char_length(v_reference) >= 8 then
    select o.id into v_order
    from public.orders o
    where upper(left(o.id::text, 8)) = left(v_reference, 8)
      and lower(o.customer_email) = lower(btrim(coalesce(p_email, '')))
    order by o.created_at desc
    limit 1;
  end if;

  return query
  insert into public.withdrawals as w (order_id, order_reference, name, email, note)
  values (v_order, v_reference, btrim(p_name), btrim(p_email), nullif(btrim(coalesce(p_note, '')), ''))
  returning w.id, w.created_at;
end
$$;
revoke execute on function public.file_withdrawal(text, text, text, text) from public;
grant execute on function public.file_withdrawal(text, text, text, text) to anon, authenticated, service_role;

-- One policy, auth.uid() evaluated once per statement (Supabase linter: auth_rls_initplan,
-- multiple_permissive_policies).
drop policy if exists withdrawals_admin_select on public.withdrawals;
drop policy if exists withdrawals_owner_select on public.withdrawals;
create policy withdrawals_read on public.withdrawals for select to authenticated
  using (
    (select public.is_admin((select auth.uid())))
    or exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
  );

-- -----------------------------------------------------------------------------------------------
-- profiles.email follows the account: set from auth.users on every insert and update of a profile
-- (whatever the client sent), and rewritten when the account e-mail changes (on Supabase only
-- through its confirmed e-mail change).
-- -----------------------------------------------------------------------------------------------
create or replace function public.profile_email_from_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.email := (
    select case when char_length(u.email) <= 254 and u.email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then u.email end
    from auth.users u where u.id = new.id);
  return new;
end
$$;

create or replace function public.sync_profile_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The BEFORE trigger on profiles fills in the account's address.
  update public.profiles p set email = null where p.id = new.id;
  return null;
end
$$;

revoke execute on function public.profile_email_from_account() from public, anon, authenticated;
revoke execute on function public.sync_profile_email() from public, anon, authenticated;

create trigger profiles_email_from_account before insert or update on public.profiles
  for each row execute function public.profile_email_from_account();
drop trigger if exists on_auth_user_email_changed on auth.users;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function public.sync_profile_email();

-- Profiles made before this migration may hold another address.
update public.profiles p set email = null where p.email is distinct from (select u.email from auth.users u where u.id = p.id);

-- -----------------------------------------------------------------------------------------------
-- export_my_data / delete_my_account: rows matched only by e-mail (newsletter, contact messages)
-- count as the caller's once the account's address is confirmed. Rows linked by user id (profile,
-- orders) always do.
-- -----------------------------------------------------------------------------------------------
create or replace function public.export_my_data() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_created timestamptz;
  v_confirmed timestamptz;
  v_matched text;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.created_at, u.email_confirmed_at into v_email, v_created, v_confirmed
  from auth.users u where u.id = v_uid;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  -- NULL unless confirmed: then nothing is matched by e-mail.
  v_matched := case when v_confirmed is not null then lower(v_email) end;

  return jsonb_build_object(
    'exported_at', now(),
    'account', jsonb_build_object('id', v_uid, 'email', v_email, 'created_at', v_created,
      'email_confirmed_at', v_confirmed),
    'profile', (
      select to_jsonb(p) - 'id'
      from public.profiles p where p.id = v_uid),
    'orders', coalesce((
      select jsonb_agg(
        (to_jsonb(o) - 'user_id' - 'checkout_token') || jsonb_build_object('items', coalesce((
          select jsonb_agg(
            (to_jsonb(oi) - 'order_id') || jsonb_build_object('participants', coalesce((
              select jsonb_agg(to_jsonb(b) - 'order_item_id' order by b.created_at)
              from public.event_bookings b where b.order_item_id = oi.id), '[]'::jsonb))
            order by oi.item_title, oi.id)
          from public.order_items oi where oi.order_id = o.id), '[]'::jsonb))
        order by o.created_at desc)
      from public.orders o where o.user_id = v_uid), '[]'::jsonb),
    'newsletter', coalesce((
      select jsonb_agg(jsonb_build_object(
        'email', s.email, 'first_name', s.first_name, 'last_name', s.last_name, 'status', s.status,
        'consent_text', s.consent_text, 'consent_at', s.consent_at, 'confirmed_at', s.confirmed_at,
        'created_at', s.created_at))
      from public.newsletter_subscriptions s
      where lower(s.email) = v_matched), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'phone', c.phone, 'message', c.message,
        'status', c.status, 'created_at', c.created_at) order by c.created_at desc)
      from public.contact_messages c
      where lower(c.email) = v_matched), '[]'::jsonb)
  );
end
$$;

create or replace function public.delete_my_account() returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_confirmed timestamptz;
  v_orders integer;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.email_confirmed_at into v_email, v_confirmed from auth.users u where u.id = v_uid for update;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;

  -- Participants are personal data of third parties and not part of the invoice: delete them.
  delete from public.event_bookings b
  using public.order_items oi, public.orders o
  where b.order_item_id = oi.id and oi.order_id = o.id and o.user_id = v_uid;

  -- Orders stay as billing records (name, address, items, amounts), detached from the login.
  update public.orders o
     set user_id = null,
         customer_email = 'geloescht@anonymisiert.invalid',
         customer_phone = null,
         notes = null,
         checkout_token = null
   where o.user_id = v_uid;
  get diagnostics v_orders = row_count;

  -- Only a confirmed address proves these rows are the caller's (anyone may sign up with any address).
  if v_email is not null and v_confirmed is not null then
    delete from public.newsletter_subscriptions s where lower(s.email) = lower(v_email);
    delete from public.contact_messages c where lower(c.email) = lower(v_email);
  end if;

  delete from public.profiles p where p.id = v_uid;
  delete from public.user_roles r where r.user_id = v_uid;
  delete from auth.users u where u.id = v_uid;
  return v_orders;
end
$$;
