// export_my_data (supabase/migrations/20261123140000_members.sql and later) on both engines: the
// caller's own rows, everything the DSGVO export promises, and nobody else's.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";
import { EVENT } from "./orders-fixtures";
import { confirmEmail, orderWithEvent, seedPersonalData, type MemberExport } from "./members-fixtures";

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
