-- Newsletter consent keeps its history.
--
-- A subscription row holds one consent: its text and time. Asking again after unsubscribing
-- overwrote both (subscribe_newsletter), so the proof of the consent under which earlier issues were
-- sent was gone (Art. 7 Abs. 1 DSGVO: the shop must be able to show it). Now every request (with the
-- text shown), confirmation, unsubscription and expiry of a request is also written to
-- newsletter_consents, by a trigger, whichever function changed the row. Admins can read it; the
-- member's export has it. It goes with its subscription (deleted account, expired sign-up).

create table public.newsletter_consents (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.newsletter_subscriptions (id) on delete cascade,
  event text not null check (event in ('requested', 'confirmed', 'unsubscribed', 'expired')),
  email text not null,
  consent_text text,
  at timestamptz not null default now()
);
comment on table public.newsletter_consents is
  'What happened to a newsletter subscription and when, with the consent text of each request: the proof of consent. Written by a trigger only.';
create index newsletter_consents_subscription_idx on public.newsletter_consents (subscription_id, at);

alter table public.newsletter_consents enable row level security;
revoke all on table public.newsletter_consents from anon, authenticated;
grant select on table public.newsletter_consents to authenticated;
grant all on table public.newsletter_consents to service_role;
create policy newsletter_consents_admin_select on public.newsletter_consents
  for select to authenticated using ((select public.is_admin((select auth.uid()))));

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
    values (new.id, 'confirmed', new.email, coalesce(new.confirmed_at, now()));
  elsif tg_op = 'UPDATE' and new.status = 'unsubscribed' and old.status <> 'unsubscribed' then
    -- From pending, the request ran out unconfirmed (the data-retention job); else the address left.
    insert into public.newsletter_consents (subscription_id, event, email)
    values (new.id, case when old.status = 'pending' then 'expired' else 'unsubscribed' end, new.email);
  end if;
  return null;
end
$$;
revoke all on function public.newsletter_consent_log() from public, anon, authenticated;

create trigger newsletter_subscriptions_consent_log
  after insert or update of status, consent_at on public.newsletter_subscriptions
  for each row execute function public.newsletter_consent_log();

-- What the rows already say: their latest request and, if so, its confirmation.
insert into public.newsletter_consents (subscription_id, event, email, consent_text, at)
select s.id, 'requested', s.email, s.consent_text, s.consent_at from public.newsletter_subscriptions s;
insert into public.newsletter_consents (subscription_id, event, email, at)
select s.id, 'confirmed', s.email, s.confirmed_at from public.newsletter_subscriptions s where s.confirmed_at is not null;

create or replace function public.export_my_data()
returns jsonb
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
  v_last_sign_in timestamptz;
  v_matched text;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.created_at, u.email_confirmed_at, u.last_sign_in_at
    into v_email, v_created, v_confirmed, v_last_sign_in
  from auth.users u where u.id = v_uid;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  -- NULL unless confirmed: then nothing is matched by e-mail.
  v_matched := case when v_confirmed is not null then lower(v_email) end;

  return jsonb_build_object(
    'exported_at', now(),
    'account', jsonb_build_object('id', v_uid, 'email', v_email, 'created_at', v_created,
      'email_confirmed_at', v_confirmed, 'last_sign_in_at', v_last_sign_in),
    -- Signed-in browsers (the session cookie's server side).
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', s.created_at, 'not_after', s.not_after) order by s.created_at)
      from auth.sessions s where s.user_id = v_uid), '[]'::jsonb),
    'profile', (
      select to_jsonb(p) - 'id'
      from public.profiles p where p.id = v_uid),
    'orders', coalesce((
      select jsonb_agg(
        (to_jsonb(o) - 'user_id' - 'checkout_token') || jsonb_build_object(
          'delivery_address', (
            select to_jsonb(d) - 'order_id' from public.order_delivery_addresses d where d.order_id = o.id),
          'items', coalesce((
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
        'created_at', s.created_at,
        -- The issues sent to this subscription, and an unsubscription by an issue's link.
        'issues', coalesce((
          select jsonb_agg(jsonb_build_object('subject', n.subject, 'sent_at', d.created_at,
            'unsubscribed_at', d.unsubscribed_at) order by d.created_at)
          from public.newsletter_deliveries d join public.newsletters n on n.id = d.newsletter_id
          where d.subscription_id = s.id), '[]'::jsonb),
        -- Each request, confirmation and unsubscription, with the text consented to (kept).
        'history', coalesce((
          select jsonb_agg(jsonb_build_object('event', c.event, 'at', c.at, 'email', c.email,
            'consent_text', c.consent_text) order by c.at, c.id)
          from public.newsletter_consents c where c.subscription_id = s.id), '[]'::jsonb)))
      from public.newsletter_subscriptions s
      where lower(s.email) = v_matched), '[]'::jsonb),
    'membership', (
      select jsonb_build_object('plan', m.plan, 'since', m.since, 'until', m.until, 'cancelled_at', m.cancelled_at,
        'order_id', m.order_id, 'updated_at', m.updated_at)
      from public.memberships m where m.user_id = v_uid),
    -- Every change of the membership (by purchase, renewal, cancellation or an admin), as logged.
    'membership_history', coalesce((
      select jsonb_agg(jsonb_build_object(
        'action', a.action, 'at', a.created_at,
        'before', a.before - 'user_id', 'after', a.after - 'user_id') order by a.created_at, a.id)
      from public.admin_audit_log a where a.table_name = 'memberships' and a.row_id = v_uid), '[]'::jsonb),
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
    -- The mails the shop wrote to the account's address (their content is what the member received).
    'mails', coalesce((
      select jsonb_agg(jsonb_build_object('subject', m.subject, 'status', m.status, 'created_at', m.created_at,
        'sent_at', m.sent_at) order by m.created_at, m.id)
      from public.mail_outbox m where lower(m.to_address) = v_matched), '[]'::jsonb),
    'voucher_redemptions', coalesce((
      select jsonb_agg(jsonb_build_object('code', v.code, 'order_id', r.order_id, 'created_at', r.created_at)
        order by r.created_at)
      from public.voucher_redemptions r join public.vouchers v on v.id = r.voucher_id
      where r.user_id = v_uid or r.email = v_matched), '[]'::jsonb),
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

