-- Members' self-service under the DSGVO: download my data (Art. 15/20) and delete my account
-- (Art. 17). Both act only on the caller (auth.uid()); the account e-mail comes from auth.users,
-- never from the caller's claims.
--
-- Retention: invoices and order records must be kept 6 to 10 years (§ 147 AO, § 257 HGB, § 14 UStG:
-- name and address of the recipient, items, amounts). Deleting an account therefore keeps its orders
-- and order lines, detached from the login (user_id NULL), with the billing name and address; what the
-- bookkeeping does not need (e-mail, phone, notes) is replaced or removed. Everything else personal is
-- deleted: profile, participant registrations, newsletter subscription, contact messages, sessions,
-- reset tokens and the auth user itself.

-- -----------------------------------------------------------------------------------------------
-- export_my_data: one JSON document with everything the shop holds about the caller.
-- SECURITY DEFINER because members may not read newsletter_subscriptions / contact_messages
-- (admin-only tables); rows are matched to the caller's account e-mail, case-insensitively.
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
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.created_at into v_email, v_created from auth.users u where u.id = v_uid;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'account', jsonb_build_object('id', v_uid, 'email', v_email, 'created_at', v_created),
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
      where v_email is not null and lower(s.email) = lower(v_email)), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'phone', c.phone, 'message', c.message,
        'status', c.status, 'created_at', c.created_at) order by c.created_at desc)
      from public.contact_messages c
      where v_email is not null and lower(c.email) = lower(v_email)), '[]'::jsonb)
  );
end
$$;

-- -----------------------------------------------------------------------------------------------
-- delete_my_account: erases the caller's account in one transaction (see the header for what is
-- kept). Returns how many orders were kept as billing records, for the confirmation text.
-- -----------------------------------------------------------------------------------------------
create or replace function public.delete_my_account() returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_orders integer;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email into v_email from auth.users u where u.id = v_uid for update;
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
         -- The token only guarded double submits; it must not link the order to anything later.
         checkout_token = null
   where o.user_id = v_uid;
  get diagnostics v_orders = row_count;

  if v_email is not null then
    delete from public.newsletter_subscriptions s where lower(s.email) = lower(v_email);
    delete from public.contact_messages c where lower(c.email) = lower(v_email);
  end if;

  delete from public.profiles p where p.id = v_uid;
  delete from public.user_roles r where r.user_id = v_uid;
  -- Sessions and one-time tokens go with the user (ON DELETE CASCADE on every engine and on
  -- Supabase Auth).
  delete from auth.users u where u.id = v_uid;
  return v_orders;
end
$$;

revoke execute on function public.export_my_data() from public, anon;
revoke execute on function public.delete_my_account() from public, anon;
grant execute on function public.export_my_data() to authenticated;
grant execute on function public.delete_my_account() to authenticated;
