-- export_my_data (Art. 15 and 20 DSGVO) also hands out the member's cancellations and withdrawals
-- (with the reason or note typed), and the invoices, payments and refunds of their orders. An
-- outside audit found these missing: the document must hold all personal data the shop keeps.
-- The rules of matching stay: by account, or by an address only once it is confirmed.

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
      where lower(c.email) = v_matched), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(jsonb_build_object(
        'item_id', w.item_id, 'item_type', w.item_type, 'name', w.name, 'email', w.email, 'seats', w.seats,
        'status', w.status, 'consent_text', w.consent_text, 'created_at', w.created_at,
        'offer_expires_at', w.offer_expires_at) order by w.created_at desc)
      from public.waitlist_entries w
      where w.user_id = v_uid or lower(w.email) = v_matched), '[]'::jsonb),
    -- § 312k declarations: filed by or matched to this account, or naming its confirmed address.
    'cancellations', coalesce((
      select jsonb_agg(jsonb_build_object(
        'kind', c.kind, 'reason', c.reason, 'name', c.name, 'email', c.email,
        'contract_reference', c.contract_reference, 'wished_end', c.wished_end,
        'confirmation_email', c.confirmation_email, 'created_at', c.created_at, 'applied_at', c.applied_at,
        'plan', c.plan, 'ends_at', c.ends_at, 'withdrawn_at', c.withdrawn_at) order by c.created_at desc)
      from public.contract_cancellations c
      where c.user_id = v_uid or c.filed_by = v_uid
         or lower(c.email) = v_matched or lower(c.confirmation_email) = v_matched), '[]'::jsonb),
    -- § 356a declarations: of this account's orders, or naming its confirmed address.
    'withdrawals', coalesce((
      select jsonb_agg(jsonb_build_object(
        'order_id', w.order_id, 'order_reference', w.order_reference, 'name', w.name, 'email', w.email,
        'note', w.note, 'created_at', w.created_at) order by w.created_at desc)
      from public.withdrawals w
      where w.order_id in (select o.id from public.orders o where o.user_id = v_uid)
         or lower(w.email) = v_matched), '[]'::jsonb),
    -- The money of this account's orders: invoices (without the PDF, which the dashboard offers),
    -- payments booked and refunds with the account they go to.
    'invoices', coalesce((
      select jsonb_agg(jsonb_build_object(
        'order_id', i.order_id, 'number', i.number, 'kind', i.kind, 'issued_at', i.issued_at,
        'supply_date', i.supply_date, 'total_amount', i.total_amount) order by i.issued_at, i.number)
      from public.invoices i join public.orders o on o.id = i.order_id
      where o.user_id = v_uid), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'order_id', p.order_id, 'kind', p.kind, 'amount', p.amount, 'booked_on', p.booked_on)
        order by p.booked_on, p.created_at)
      from public.order_payments p join public.orders o on o.id = p.order_id
      where o.user_id = v_uid), '[]'::jsonb),
    'refunds', coalesce((
      select jsonb_agg(jsonb_build_object(
        'order_id', r.order_id, 'reason', r.reason, 'amount', r.amount, 'due_on', r.due_on,
        'account_holder', r.account_holder, 'iban', r.iban, 'status', r.status, 'done_on', r.done_on)
        order by r.created_at)
      from public.refunds r join public.orders o on o.id = r.order_id
      where o.user_id = v_uid), '[]'::jsonb)
  );
end
$$;

revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
