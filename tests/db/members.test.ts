// Members' self-service SQL (supabase/migrations/20261123140000_members.sql) on both engines:
// export_my_data and delete_my_account, plus the profile upsert the dashboard relies on.
// register_participant (limit, ownership, concurrency) is covered in register-participant.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const EVENT = "e0000000-0000-4000-8000-000000000001";
const PRODUCT = "b0000000-0000-4000-8000-000000000001";

const CUSTOMER = {
  salutation: "Herr",
  first_name: "Jonas",
  last_name: "Krüger",
  email: "jonas@example.com",
  phone: "030 1234567",
  mobile: "",
  street: "Hauptstraße 1",
  zipcode: "10115",
  city: "Berlin",
  country: "Deutschland",
  notes: "Bitte klingeln",
};

/** The parts of export_my_data()'s JSON document these tests read. */
interface MemberExport {
  account: Record<string, unknown>;
  profile: Record<string, unknown>;
  orders: ({ id: string; items: { item_type: string; participants: unknown[] }[] } & Record<string, unknown>)[];
  newsletter: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  membership: Record<string, unknown> | null;
  waitlist: Record<string, unknown>[];
  cancellations: Record<string, unknown>[];
  withdrawals: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  membership_history: Record<string, unknown>[];
  mails: Record<string, unknown>[];
  voucher_redemptions: Record<string, unknown>[];
}

async function orderWithEvent(engine: Engine, userId: string) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify([
        { item_id: EVENT, item_type: "event", quantity: 2 },
        { item_id: PRODUCT, item_type: "product", quantity: 1 },
      ]),
    ]);
  const orderId = rows[0].id;
  const [item] = await engine.query<{ id: string }>(
    "select id from public.order_items where order_id = $1 and item_type = 'event'",
    [orderId],
  );
  await engine
    .asViewer("authenticated", userId)
    .query("select public.register_participant($1, 'Lea', 'Becker', 'lea@example.com', '', '')", [item.id]);
  return { orderId, orderItemId: item.id };
}

async function seedPersonalData(engine: Engine, email: string) {
  await engine.query(
    `insert into public.newsletter_subscriptions (email, status, consent_text) values ($1, 'subscribed', 'Ja, bitte.')`,
    [email.toUpperCase()],
  );
  await engine.query(`insert into public.contact_messages (name, email, message) values ('Jonas', $1, 'Hallo!')`, [
    email,
  ]);
}

/** The address was proven through the mailed link (auth.users.email_confirmed_at, as on Supabase). */
async function confirmEmail(engine: Engine, userId: string) {
  await engine.query("update auth.users set email_confirmed_at = now() where id = $1", [userId]);
}

describeEngines("members: export_my_data", (engine) => {
  let member: string;
  let email: string;
  let other: string;
  let orderId: string;
  beforeAll(async () => {
    email = uniqueEmail("export");
    member = await engine().createUser(email, { first_name: "Jonas", last_name: "Krüger" });
    await confirmEmail(engine(), member);
    other = await engine().createUser(uniqueEmail("other"));
    ({ orderId } = await orderWithEvent(engine(), member));
    await orderWithEvent(engine(), other);
    await seedPersonalData(engine(), email);
    await seedPersonalData(engine(), uniqueEmail("stranger"));
  });

  it("returns the caller's profile, orders with items and participants, newsletter and messages only", async () => {
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    const data = rows[0].data;
    expect(data.account).toMatchObject({ id: member, email });
    expect(data.profile).toMatchObject({ first_name: "Jonas", last_name: "Krüger", email });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].id).toBe(orderId);
    expect(data.orders[0]).not.toHaveProperty("user_id");
    expect(data.orders[0]).not.toHaveProperty("checkout_token");
    expect(data.orders[0].items).toHaveLength(2);
    const eventLine = data.orders[0].items.find((i) => i.item_type === "event");
    expect(eventLine?.participants).toEqual([expect.objectContaining({ first_name: "Lea", email: "lea@example.com" })]);
    expect(data.newsletter).toEqual([expect.objectContaining({ status: "subscribed", consent_text: "Ja, bitte." })]);
    expect(data.contact_messages).toEqual([expect.objectContaining({ message: "Hallo!" })]);
    expect(data.membership).toBeNull();
  });

  it("includes the caller's membership", async () => {
    await engine().query("insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [member]);
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    expect(rows[0].data.membership).toMatchObject({ plan: "lifetime", until: null });
  });

  it("includes the caller's waitlist entries, by account or confirmed address; nobody else's", async () => {
    const wait = (address: string, userId: string | null) =>
      engine().query(
        `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text, user_id)
         values ($1, 'event', 'Jonas Krüger', $2, 1, 'Einwilligung', $3)`,
        [EVENT, address, userId],
      );
    await wait("anders@example.com", member);
    await wait(email.toUpperCase(), null);
    await wait(uniqueEmail("fremd"), other);
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    expect(rows[0].data.waitlist.map((w) => String(w.email).toLowerCase()).sort()).toEqual(
      ["anders@example.com", email.toLowerCase()].sort(),
    );
    expect(rows[0].data.waitlist[0]).toMatchObject({ item_type: "event", consent_text: "Einwilligung", seats: 1 });
  });

  it("includes the caller's cancellations, withdrawals and payments, with what was typed; nobody else's", async () => {
    const cancel = (address: string, filedBy: string | null, reason: string) =>
      engine().query(
        `insert into public.contract_cancellations (kind, reason, name, email, confirmation_email, filed_by)
         values ('ausserordentlich', $3, 'Jonas Krüger', $1, $1, $2)`,
        [address, filedBy, reason],
      );
    await cancel("zweite@example.com", member, "Umzug ins Ausland");
    await cancel(email.toUpperCase(), null, "Krankheit");
    await cancel(uniqueEmail("fremd"), other, "Fremder Grund");
    await engine().query(
      `insert into public.withdrawals (order_id, order_reference, name, email, note)
       values ($1, $2, 'Jonas Krüger', 'irgendwo@example.com', 'Passt nicht')`,
      [orderId, orderId.slice(0, 8)],
    );
    await engine().query(
      `insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 12.5, current_date)`,
      [orderId],
    );
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    const data = rows[0].data;
    expect(data.cancellations.map((c) => c.reason).sort()).toEqual(["Krankheit", "Umzug ins Ausland"]);
    expect(data.withdrawals).toEqual([expect.objectContaining({ order_id: orderId, note: "Passt nicht" })]);
    expect(data.payments).toEqual([expect.objectContaining({ order_id: orderId, kind: "payment" })]);
    expect(Number(data.payments[0].amount)).toBe(12.5);
    expect(data.invoices).toEqual([]);
    expect(data.refunds).toEqual([]);
  });

  it("also names the delivery address, the membership's history, issues and mails sent, codes and sign-ins", async () => {
    const e = engine();
    await e.query(
      `insert into public.order_delivery_addresses (order_id, name, street, zipcode, city, country)
       values ($1, 'Nachbarin Nora', 'Nebenweg 2', '10115', 'Berlin', 'Deutschland')`,
      [orderId],
    );
    await e.query("update auth.users set last_sign_in_at = now() where id = $1", [member]);
    await e.query("insert into auth.sessions (user_id, not_after) values ($1, now() + interval '1 day')", [member]);
    await e.query(
      `insert into public.admin_audit_log (table_name, row_id, action, actor_id, before, after)
       values ('memberships', $1, 'update', $1, '{"plan": "yearly", "user_id": "x"}', '{"plan": "lifetime", "user_id": "x"}')`,
      [member],
    );
    const [issue] = await e.query<{ id: string }>(
      "insert into public.newsletters (subject, status, segment) values ('Impulse im Dezember', 'sent', 'all') returning id",
    );
    await e.query(
      `insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash)
       select $1, s.id, md5(random()::text) || md5(random()::text) from public.newsletter_subscriptions s where lower(s.email) = lower($2)`,
      [issue.id, email],
    );
    await e.query(
      "insert into public.mail_outbox (to_address, subject, text_body, status) values ($1, 'Deine Bestellung', 'Text', 'sent')",
      [email],
    );
    await e.query(
      "insert into public.mail_outbox (to_address, subject, text_body) values ('fremd@example.com', 'Fremd', 'Text')",
    );
    const [voucher] = await e.query<{ id: string }>(
      "insert into public.vouchers (code, kind, amount) values ($1, 'fixed', 5) returning id",
      [`EXPORT${randomUUID().slice(0, 6).toUpperCase()}`],
    );
    await e.query(
      "insert into public.voucher_redemptions (voucher_id, order_id, user_id, email) values ($1, $2, $3, $4)",
      [voucher.id, orderId, member, email],
    );

    const { rows } = await e
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    const data = rows[0].data;
    expect(data.orders[0]).toMatchObject({ delivery_address: { name: "Nachbarin Nora", street: "Nebenweg 2" } });
    expect(data.account).toHaveProperty("last_sign_in_at");
    expect(data.account.last_sign_in_at).not.toBeNull();
    expect(data.sessions).toHaveLength(1);
    expect(data.membership_history).toEqual([
      expect.objectContaining({ action: "update", before: { plan: "yearly" }, after: { plan: "lifetime" } }),
    ]);
    expect(data.newsletter[0]).toMatchObject({ issues: [expect.objectContaining({ subject: "Impulse im Dezember" })] });
    expect(data.mails).toEqual([expect.objectContaining({ subject: "Deine Bestellung", status: "sent" })]);
    expect(data.voucher_redemptions).toEqual([expect.objectContaining({ order_id: orderId })]);
    expect(data.voucher_redemptions[0].code).toMatch(/^EXPORT/);
  });

  it("before the address is confirmed, rows matched only by e-mail are not exported; own rows are", async () => {
    // Anyone can sign up with a stranger's address: until the mailed link is used, the stranger's
    // newsletter record and contact messages stay out of this account's export.
    const victim = uniqueEmail("victim");
    await seedPersonalData(engine(), victim);
    const squatter = await engine().createUser(victim, { first_name: "Eve", last_name: "Mallory" });
    const { orderId: ownOrder } = await orderWithEvent(engine(), squatter);
    const exportOf = async () =>
      (
        await engine()
          .asViewer("authenticated", squatter)
          .query<{ data: MemberExport }>("select public.export_my_data() as data")
      ).rows[0].data;
    const before = await exportOf();
    expect(before.account).toMatchObject({ id: squatter, email: victim, email_confirmed_at: null });
    expect(before.profile).toMatchObject({ first_name: "Eve", email: victim });
    expect(before.orders.map((o) => o.id)).toEqual([ownOrder]);
    expect(before.newsletter).toEqual([]);
    expect(before.contact_messages).toEqual([]);
    // Once the owner of the address confirms it, the same rows are theirs.
    await confirmEmail(engine(), squatter);
    const after = await exportOf();
    expect(after.newsletter).toHaveLength(1);
    expect(after.contact_messages).toHaveLength(1);
  });

  it("is not callable by anon; an account without data exports empty lists", async () => {
    const denied = await errorOf(engine().asViewer("anon").query("select public.export_my_data()"));
    expect(denied.code).toBe("42501");
    const fresh = await engine().createUser(uniqueEmail("fresh"));
    const { rows } = await engine()
      .asViewer("authenticated", fresh)
      .query<{ data: Record<string, unknown> }>("select public.export_my_data() as data");
    expect(rows[0].data).toMatchObject({ orders: [], newsletter: [], contact_messages: [] });
  });
});

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

describeEngines("members: profile upsert", (engine) => {
  let member: string;
  let other: string;
  beforeAll(async () => {
    member = await engine().createUser(uniqueEmail("profile"));
    other = await engine().createUser(uniqueEmail("profile-other"));
  });

  const upsert = (viewer: string, id: string, city: string) =>
    engine()
      .asViewer("authenticated", viewer)
      .query(
        `insert into public.profiles (id, first_name, last_name, city) values ($1, '', '', $2)
         on conflict (id) do update set city = excluded.city, updated_at = now()`,
        [id, city],
      );

  it("recreates a missing own profile and updates an existing one (updated_at set)", async () => {
    await engine().query("delete from public.profiles where id = $1", [member]);
    await upsert(member, member, "Köln");
    await upsert(member, member, "Bonn");
    const [row] = await engine().query<{ city: string; updated_at: Date | null }>(
      "select city, updated_at from public.profiles where id = $1",
      [member],
    );
    expect(row.city).toBe("Bonn");
    expect(row.updated_at).not.toBeNull();
  });

  it("profiles.email is always the account e-mail, whatever the member writes, and follows an account change", async () => {
    const address = uniqueEmail("own");
    const owner = await engine().createUser(address);
    const stranger = uniqueEmail("stranger");
    const asOwner = engine().asViewer("authenticated", owner);
    await asOwner.query("update public.profiles set email = $1 where id = $2", [stranger, owner]);
    await engine().query("delete from public.profiles where id = $1", [owner]);
    await asOwner.query("insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', $2)", [
      owner,
      stranger,
    ]);
    await asOwner.query(
      `insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', $2)
       on conflict (id) do update set email = excluded.email`,
      [owner, stranger],
    );
    const emailOf = async () =>
      (await engine().query<{ email: string | null }>("select email from public.profiles where id = $1", [owner]))[0]
        .email;
    expect(await emailOf()).toBe(address);
    // The account's own address changes (on Supabase: its confirmed e-mail change): the profile follows.
    const changed = uniqueEmail("changed");
    await engine().query("update auth.users set email = $1 where id = $2", [changed, owner]);
    expect(await emailOf()).toBe(changed);
  });

  it("cannot write another member's profile", async () => {
    const denied = await errorOf(upsert(member, other, "Hamburg"));
    expect(denied.code).toBe("42501");
    const [row] = await engine().query<{ city: string | null }>("select city from public.profiles where id = $1", [
      other,
    ]);
    expect(row.city).toBeNull();
  });
});

describeEngines("members: a change of address", (engine) => {
  const changeAddress = (userId: string, to: string) =>
    engine().query("update auth.users set email = $2, email_confirmed_at = now() where id = $1", [userId, to]);
  const rowsAt = async (address: string) => {
    const [counts] = await engine().query<Record<string, number>>(
      `select
         (select count(*)::int from public.newsletter_subscriptions where lower(email) = lower($1)) as newsletter,
         (select count(*)::int from public.contact_messages where lower(email) = lower($1)) as messages,
         (select count(*)::int from public.waitlist_entries where lower(email) = lower($1)) as waitlist`,
      [address],
    );
    return counts;
  };
  const waitAs = (address: string) =>
    engine().query(
      `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text)
       values ($1, 'event', 'Jonas Krüger', $2, 1, 'Einwilligung')`,
      [EVENT, address],
    );

  it("takes the newsletter, contact messages and waitlist places of a confirmed address along", async () => {
    const before = uniqueEmail("umzug-alt");
    const after = uniqueEmail("umzug-neu");
    const member = await engine().createUser(before);
    await confirmEmail(engine(), member);
    await seedPersonalData(engine(), before);
    await waitAs(before);

    await changeAddress(member, after);
    expect(await rowsAt(before)).toEqual({ newsletter: 0, messages: 0, waitlist: 0 });
    expect(await rowsAt(after)).toEqual({ newsletter: 1, messages: 1, waitlist: 1 });
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    expect([
      rows[0].data.newsletter.length,
      rows[0].data.contact_messages.length,
      rows[0].data.waitlist.length,
    ]).toEqual([1, 1, 1]);
  });

  it("keeps one subscription when the new address has its own; moves nothing from an unproven address", async () => {
    const before = uniqueEmail("doppelt-alt");
    const after = uniqueEmail("doppelt-neu");
    const member = await engine().createUser(before);
    await confirmEmail(engine(), member);
    await seedPersonalData(engine(), before);
    await seedPersonalData(engine(), after);
    await changeAddress(member, after);
    expect(await rowsAt(before)).toEqual({ newsletter: 0, messages: 0, waitlist: 0 });
    expect(await rowsAt(after)).toEqual({ newsletter: 1, messages: 2, waitlist: 0 });

    // Someone who signed up with a stranger's address and never confirmed it takes nothing of theirs.
    const victim = uniqueEmail("fremd-alt");
    await seedPersonalData(engine(), victim);
    const squatter = await engine().createUser(victim);
    await changeAddress(squatter, uniqueEmail("fremd-neu"));
    expect(await rowsAt(victim)).toEqual({ newsletter: 1, messages: 1, waitlist: 0 });
  });
});
