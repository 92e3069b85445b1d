-- An erased account leaves no address beside the orders kept as billing records.
--
-- delete_my_account kept orders without e-mail, phone and notes (§ 147 AO, § 257 HGB), but other
-- rows still named the member next to those orders: the voucher redemptions (with the e-mail), the
-- withdrawals and § 312k cancellations (e-mail, note, reason), the admin audit log (the member as
-- actor, by id and e-mail), mails still waiting in the outbox (which would have been sent after the
-- erasure), and waitlist entries made as a guest with the account's address (exported as the
-- member's, but not erased). A later account with the same address saw some of them in its export.
--
-- Now, as the orders are detached:
--   * redemptions, withdrawals and cancellations keep what they prove (the voucher used, who
--     declared what and when) without the address, the free-text note and the reason;
--   * the audit log keeps what changed, not who the member was;
--   * unsent mails to the address are dropped (sent ones stay: copies of business letters,
--     § 257 Abs. 1 Nr. 3 HGB);
--   * the member's waitlist entries are removed (an offer still open passes to the next in line).
-- Rows matched by address only where the address is confirmed, as before (anyone may sign up with
-- any address).

create or replace function public.delete_my_account()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_confirmed timestamptz;
  v_mine boolean;
  v_orders integer;
  c_erased constant text := 'geloescht@anonymisiert.invalid';
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.email_confirmed_at into v_email, v_confirmed from auth.users u where u.id = v_uid for update;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  -- Only a confirmed address proves that rows matched by it are the caller's.
  v_mine := v_email is not null and v_confirmed is not null;

  -- Participants are personal data of third parties and not part of the invoice: delete them.
  delete from public.event_bookings b
  using public.order_items oi, public.orders o
  where b.order_item_id = oi.id and oi.order_id = o.id and o.user_id = v_uid;

  -- What names the member next to a kept order: the fact stays, the address goes.
  update public.voucher_redemptions v
     set email = c_erased, user_id = null
   where v.user_id = v_uid
      or v.order_id in (select o.id from public.orders o where o.user_id = v_uid)
      or (v_mine and v.email = lower(v_email));
  update public.withdrawals w
     set email = c_erased, note = null
   where w.order_id in (select o.id from public.orders o where o.user_id = v_uid)
      or (v_mine and lower(w.email) = lower(v_email));
  update public.contract_cancellations c
     set email = c_erased, confirmation_email = c_erased, user_id = null, filed_by = null,
         reason = case when c.kind = 'ausserordentlich' then '(gelöscht)' end
   where c.user_id = v_uid or c.filed_by = v_uid
      or (v_mine and (lower(c.email) = lower(v_email) or lower(c.confirmation_email) = lower(v_email)));
  update public.admin_audit_log a set actor_id = null, actor_email = null where a.actor_id = v_uid;

  -- Orders stay as billing records (name, address, items, amounts), detached from the login.
  update public.orders o
     set user_id = null,
         customer_email = c_erased,
         customer_phone = null,
         notes = null,
         checkout_token = null
   where o.user_id = v_uid;
  get diagnostics v_orders = row_count;

  delete from public.waitlist_entries w where w.user_id = v_uid or (v_mine and lower(w.email) = lower(v_email));

  if v_mine then
    delete from public.newsletter_subscriptions s where lower(s.email) = lower(v_email);
    delete from public.contact_messages c where lower(c.email) = lower(v_email);
    delete from public.mail_outbox m where lower(m.to_address) = lower(v_email) and m.status <> 'sent';
  end if;

  delete from public.profiles p where p.id = v_uid;
  delete from public.user_roles r where r.user_id = v_uid;
  delete from auth.users u where u.id = v_uid;
  return v_orders;
end
$$;
