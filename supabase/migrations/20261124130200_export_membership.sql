-- The DSGVO export (Art. 15/20) includes the caller's membership (issue 16). Same function as in
-- 20261124120000_trust.sql (rows matched only by e-mail count once the address is confirmed) with
-- one more key, `membership` (NULL when there is none).

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
    'membership', (
      select jsonb_build_object('plan', m.plan, 'since', m.since, 'until', m.until)
      from public.memberships m where m.user_id = v_uid),
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'phone', c.phone, 'message', c.message,
        'status', c.status, 'created_at', c.created_at) order by c.created_at desc)
      from public.contact_messages c
      where lower(c.email) = v_matched), '[]'::jsonb)
  );
end
$$;

revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
