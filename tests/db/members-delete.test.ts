// delete_my_account on both engines: personal data erased, orders kept as anonymised billing
// records, nothing matched only by an unproven address.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";
import { EVENT } from "./orders-fixtures";
import { confirmEmail, orderWithEvent, seedPersonalData, type MemberExport } from "./members-fixtures";

describeEngines("members: delete_my_account", (engine) => {
  it("erases personal data, keeps orders as anonymised billing records and removes the login", async () => {
    const email = uniqueEmail("leaving");
    const member = await engine().createUser(email);
    await confirmEmail(engine(), member);
    const other = await engine().createUser(uniqueEmail("staying"));
    const mine = await orderWithEvent(engine(), member);
    const theirs = await orderWithEvent(engine(), other);
    await seedPersonalData(engine(), email);
    const otherEmail = uniqueEmail("staying-news");
    await seedPersonalData(engine(), otherEmail);
    await engine().query("insert into auth.sessions (user_id, not_after) values ($1, now() + interval '1 day')", [
      member,
    ]);
    await engine().query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
       values ($1, 'recovery_token', $2, now() + interval '1 hour')`,
      [member, randomUUID()],
    );

    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ kept: number }>("select public.delete_my_account() as kept");
    expect(rows[0].kept).toBe(1);

    const [order] = await engine().query<Record<string, unknown>>("select * from public.orders where id = $1", [
      mine.orderId,
    ]);
    expect(order).toMatchObject({
      user_id: null,
      customer_name: "Jonas Krüger",
      street: "Hauptstraße 1",
      zipcode: "10115",
      city: "Berlin",
      customer_email: "geloescht@anonymisiert.invalid",
      customer_phone: null,
      notes: null,
      checkout_token: null,
    });
    const [counts] = await engine().query<Record<string, number>>(
      `select
         (select count(*)::int from public.order_items where order_id = $1) as items,
         (select count(*)::int from public.event_bookings where order_item_id = $2) as bookings,
         (select count(*)::int from public.profiles where id = $3) as profiles,
         (select count(*)::int from public.newsletter_subscriptions where lower(email) = lower($4)) as newsletter,
         (select count(*)::int from public.contact_messages where lower(email) = lower($4)) as messages,
         (select count(*)::int from auth.sessions where user_id = $3) as sessions,
         (select count(*)::int from auth.one_time_tokens where user_id = $3) as tokens,
         (select count(*)::int from auth.users where id = $3) as users`,
      [mine.orderId, mine.orderItemId, member, email],
    );
    expect(counts).toEqual({
      items: 2,
      bookings: 0,
      profiles: 0,
      newsletter: 0,
      messages: 0,
      sessions: 0,
      tokens: 0,
      users: 0,
    });

    // Someone else's data is untouched.
    const [theirCounts] = await engine().query<Record<string, unknown>>(
      `select
         (select user_id from public.orders where id = $1) as user_id,
         (select count(*)::int from public.event_bookings where order_item_id = $2) as bookings,
         (select count(*)::int from public.profiles where id = $3) as profiles,
         (select count(*)::int from public.newsletter_subscriptions where lower(email) = lower($4)) as newsletter,
         (select count(*)::int from public.contact_messages where lower(email) = lower($4)) as messages`,
      [theirs.orderId, theirs.orderItemId, other, otherEmail],
    );
    expect(theirCounts).toEqual({ user_id: other, bookings: 1, profiles: 1, newsletter: 1, messages: 1 });
  });

  it("nothing beside a kept order names the erased member; a later account with the address sees none of it", async () => {
    const e = engine();
    const email = uniqueEmail("spurlos");
    const member = await e.createUser(email);
    await confirmEmail(e, member);
    const { orderId } = await orderWithEvent(e, member);
    const [voucher] = await e.query<{ id: string }>(
      "insert into public.vouchers (code, kind, amount) values ($1, 'fixed', 5) returning id",
      [`SPUR${randomUUID().slice(0, 6).toUpperCase()}`],
    );
    await e.query(
      "insert into public.voucher_redemptions (voucher_id, order_id, user_id, email) values ($1, $2, $3, $4)",
      [voucher.id, orderId, member, email],
    );
    await e.query(
      `insert into public.withdrawals (order_id, order_reference, name, email, note)
       values ($1, $2, 'Jonas Krüger', $3, 'Meine Diagnose ist …')`,
      [orderId, orderId.slice(0, 8), email],
    );
    await e.query(
      `insert into public.contract_cancellations (kind, reason, name, email, confirmation_email, user_id, filed_by)
       values ('ausserordentlich', 'Krankheit', 'Jonas Krüger', $1, $1, $2, $2),
              ('ordentlich', null, 'Jonas Krüger', $1, $1, null, null)`,
      [email, member],
    );
    await e.query(
      `insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email)
       values ('memberships', $1, 'update', $1, $2)`,
      [member, email],
    );
    await e.query(
      `insert into public.mail_outbox (to_address, subject, text_body, status)
       values ($1, 'Wartet', 'Text', 'queued'), ($1, 'Gescheitert', 'Text', 'failed'), ($1, 'Gesendet', 'Text', 'sent')`,
      [email],
    );
    await e.query(
      `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text)
       values ($1, 'event', 'Jonas Krüger', $2, 1, 'Einwilligung')`,
      [EVENT, email.toUpperCase()],
    );

    await e.asViewer("authenticated", member).query("select public.delete_my_account()");

    const [left] = await e.query<Record<string, unknown>>(
      `select
         (select count(*)::int from public.voucher_redemptions where order_id = $1) as redemptions,
         (select count(*)::int from public.voucher_redemptions where email = lower($2) or user_id = $3) as redemptions_named,
         (select count(*)::int from public.withdrawals where order_id = $1) as withdrawals,
         (select count(*)::int from public.withdrawals where lower(email) = lower($2) or note is not null and order_id = $1) as withdrawals_named,
         (select count(*)::int from public.contract_cancellations where name = 'Jonas Krüger'
            and created_at > now() - interval '1 hour') as cancellations,
         (select count(*)::int from public.contract_cancellations
            where lower(email) = lower($2) or lower(confirmation_email) = lower($2) or user_id = $3 or reason = 'Krankheit') as cancellations_named,
         (select count(*)::int from public.admin_audit_log where row_id = $3) as audit,
         (select count(*)::int from public.admin_audit_log where actor_id = $3 or actor_email = $2) as audit_named,
         (select string_agg(subject, ',') from public.mail_outbox where to_address = $2) as mails,
         (select count(*)::int from public.waitlist_entries where lower(email) = lower($2)) as waitlist`,
      [orderId, email, member],
    );
    expect(left).toEqual({
      redemptions: 1,
      redemptions_named: 0,
      withdrawals: 1,
      withdrawals_named: 0,
      cancellations: 2,
      cancellations_named: 0,
      audit: 1,
      audit_named: 0,
      mails: "Gesendet", // a copy of a business letter (§ 257 HGB); nothing unsent goes out any more
      waitlist: 0,
    });

    // A new account on the same address starts empty.
    const successor = await e.createUser(email);
    await confirmEmail(e, successor);
    const { rows } = await e
      .asViewer("authenticated", successor)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    const data = rows[0].data;
    expect([data.orders, data.withdrawals, data.cancellations, data.waitlist]).toEqual([[], [], [], []]);
  });

  it("an unconfirmed account deletes its own rows but never data matched only by its (unproven) e-mail", async () => {
    const victim = uniqueEmail("victim-del");
    await seedPersonalData(engine(), victim);
    const squatter = await engine().createUser(victim);
    const mine = await orderWithEvent(engine(), squatter);
    const { rows } = await engine()
      .asViewer("authenticated", squatter)
      .query<{ kept: number }>("select public.delete_my_account() as kept");
    expect(rows[0].kept).toBe(1);
    const [counts] = await engine().query<Record<string, unknown>>(
      `select
         (select user_id from public.orders where id = $1) as order_user,
         (select count(*)::int from public.event_bookings where order_item_id = $2) as bookings,
         (select count(*)::int from public.profiles where id = $3) as profiles,
         (select count(*)::int from auth.users where id = $3) as users,
         (select count(*)::int from public.newsletter_subscriptions where lower(email) = lower($4)) as newsletter,
         (select count(*)::int from public.contact_messages where lower(email) = lower($4)) as messages`,
      [mine.orderId, mine.orderItemId, squatter, victim],
    );
    expect(counts).toEqual({ order_user: null, bookings: 0, profiles: 0, users: 0, newsletter: 1, messages: 1 });
  });

  it("is not callable by anon, and a second call (account gone) fails cleanly", async () => {
    expect((await errorOf(engine().asViewer("anon").query("select public.delete_my_account()"))).code).toBe("42501");
    const member = await engine().createUser(uniqueEmail("twice"));
    await engine().asViewer("authenticated", member).query("select public.delete_my_account()");
    const again = await errorOf(engine().asViewer("authenticated", member).query("select public.delete_my_account()"));
    expect(again.code).toBe("P0002");
  });
});
