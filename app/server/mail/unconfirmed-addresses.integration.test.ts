import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import type { Viewer } from "~/server/db/db.server";

/**
 * Forms anyone may send name the address a mail goes to. What the sender typed goes into a mail
 * only to an address its owner has confirmed; the rest get a neutral mail. The mails are read from
 * the outbox of a real PGlite (no SMTP_URL: nothing is sent).
 */

// A text an attacker would like the shop to mail to a stranger, in every field they can type.
const SPAM = "Gewinn abholen: evil.example";
const SPAM_PATTERN = /evil\.example|Gewinn/;
const BOOK = "b0000000-0000-4000-8000-000000000001"; // seed: a shipped product

beforeAll(() => openMemoryDatabase({ SEED_DEMO_DATA: "true", SMTP_URL: undefined }), 180_000);
afterAll(closeMemoryDatabase);

let counter = 0;
const address = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Every mail queued to `to` (any case), oldest first. */
async function mailsTo(to: string) {
  const { SERVICE, withViewer } = await import("~/server/db/db.server");
  const { rows } = await withViewer(SERVICE, (tx) =>
    sql<{ subject: string; text_body: string; html_body: string | null; attachments: unknown }>`
      select subject, text_body, html_body, attachments from public.mail_outbox
       where lower(to_address) = lower(${to}) order by created_at, id`.execute(tx),
  );
  return rows.map((r) => ({ ...r, all: `${r.subject}\n${r.text_body}\n${r.html_body ?? ""}` }));
}

async function member(email: string, confirmed: boolean): Promise<Viewer & { role: "authenticated" }> {
  const { createUser } = await import("~/server/members/accounts.server");
  const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: confirmed });
  return { role: "authenticated", userId, email };
}

async function withdraw(viewer: Viewer, email: string, orderNumber = "3f2a9c1b") {
  const { fileWithdrawal } = await import("~/server/orders/withdrawals.server");
  return fileWithdrawal(viewer, { name: `Paula ${SPAM}`, email, orderNumber, note: `Bitte lesen: ${SPAM}` });
}

async function checkout(viewer: Viewer & { role: "authenticated" }, typedEmail: string) {
  const { loadCheckout, placeCheckoutOrder } = await import("~/server/orders/place-order.server");
  const lines = [{ id: "line-1", itemId: BOOK, itemType: "product" as const, quantity: 1 }];
  // The summary the checkout page would have shown (§ 312j fingerprint).
  const { summary } = await loadCheckout(viewer, viewer.userId, lines);
  const outcome = await placeCheckoutOrder(
    viewer,
    viewer.userId,
    {
      checkoutToken: randomUUID(),
      summary,
      firstName: "Paula",
      lastName: SPAM,
      email: typedEmail,
      street: `${SPAM} 1`,
      zipcode: "10115",
      city: "Berlin",
      country: "Deutschland",
      deliveryDifferent: true,
      deliveryName: SPAM,
      deliveryStreet: "Weg 1",
      deliveryZipcode: "01067",
      deliveryCity: "Dresden",
      deliveryCountry: "Deutschland",
    },
    lines,
  );
  if (!outcome.ok) throw new Error(outcome.notice.description);
  return outcome.orderId;
}

describe("withdrawal receipt", () => {
  it("from a visitor, to any address: date and time, no name, note or typed order number", async () => {
    const { ANON } = await import("~/server/db/db.server");
    const victim = address("victim");
    const { receivedAt } = await withdraw(ANON, victim);
    const [receipt] = await mailsTo(victim);
    expect(receipt.all).not.toMatch(SPAM_PATTERN);
    expect(receipt.all).not.toContain("Paula");
    expect(receipt.all).not.toMatch(/3F2A9C1B/i);
    expect(receipt.subject).toBe("Eingangsbestätigung: Widerruf eingegangen");
    expect(receipt.text_body.startsWith("Hallo,\n")).toBe(true);
    const { formatDateTime } = await import("~/lib/format");
    expect(receipt.text_body).toContain(`am ${formatDateTime(receivedAt)} Uhr ist bei uns eine Widerrufserklärung`);
    expect(receipt.text_body).toContain("E-Mail: hallo@behappy.example");
    // The shop still gets the whole declaration.
    const [notice] = (await mailsTo("bestellungen@behappy.example")).filter((m) => m.text_body.includes(victim));
    expect(notice.text_body).toContain(`Name: Paula ${SPAM}`);
    expect(notice.text_body).toContain(`Anmerkung: Bitte lesen: ${SPAM}`);
  });

  it("from a member, to an address that is not their own confirmed one: neutral as well", async () => {
    const confirmed = await member(address("member"), true);
    const other = address("other");
    await withdraw(confirmed, other);
    const unconfirmed = await member(address("unconfirmed"), false);
    await withdraw(unconfirmed, unconfirmed.email);
    for (const to of [other, unconfirmed.email]) {
      const [receipt] = await mailsTo(to);
      expect(receipt.subject).toBe("Eingangsbestätigung: Widerruf eingegangen");
      expect(receipt.all).not.toMatch(SPAM_PATTERN);
      expect(receipt.all).not.toMatch(/3F2A9C1B/i);
    }
  });

  it("to the address an order was placed with, after the account moved to another: neutral", async () => {
    // The buyer signed up with a stranger's address, ordered, then moved the account to their own.
    const squatter = await member(address("squat"), false);
    const orderId = await checkout(squatter, squatter.email);
    const own = address("own");
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    await withViewer(SERVICE, (tx) =>
      sql`update auth.users set email = ${own}, email_confirmed_at = now() where id = ${squatter.userId}`.execute(tx),
    );
    const { ANON } = await import("~/server/db/db.server");
    await withdraw(ANON, squatter.email, orderId.slice(0, 8));
    const receipt = (await mailsTo(squatter.email)).at(-1)!;
    expect(receipt.subject).toMatch(/^Eingangsbestätigung: Widerruf/);
    expect(receipt.all).not.toMatch(SPAM_PATTERN);
    expect(receipt.all).not.toContain("Paula");
  });

  it("names the order number only when the shop matched it to an order of that (unconfirmed) address", async () => {
    const buyer = await member(address("buyer"), false);
    const orderId = await checkout(buyer, buyer.email);
    const reference = orderId.slice(0, 8);
    const { ANON } = await import("~/server/db/db.server");
    await withdraw(ANON, buyer.email, reference.toUpperCase());
    const receipt = (await mailsTo(buyer.email)).at(-1)!;
    // Written as everywhere else in the shop (order page, invoices): lower case.
    expect(receipt.subject).toBe(`Eingangsbestätigung: Widerruf zur Bestellung ${reference}`);
    expect(receipt.text_body).toContain(`Sie betrifft die Bestellung ${reference}.`);
    expect(receipt.all).not.toMatch(SPAM_PATTERN);
  });

  it("matched to an order whose account address is confirmed: the whole declaration, from anyone", async () => {
    const buyer = await member(address("confirmed-buyer"), true);
    const reference = (await checkout(buyer, buyer.email)).slice(0, 8);
    const { ANON } = await import("~/server/db/db.server");
    // Sent without signing in, as the form allows: whoever sent it knew the order's number.
    const { receivedAt } = await withdraw(ANON, buyer.email, reference);
    const receipt = (await mailsTo(buyer.email)).at(-1)!;
    const { formatDateTime } = await import("~/lib/format");
    expect(receipt.subject).toBe(`Eingangsbestätigung deines Widerrufs (Bestellung ${reference})`);
    expect(receipt.text_body).toContain(`Hallo Paula ${SPAM},`);
    expect(receipt.text_body).toContain(`ist am ${formatDateTime(receivedAt)} Uhr bei uns eingegangen`);
    expect(receipt.text_body).toContain(`Deine Anmerkung: Bitte lesen: ${SPAM}`);
  });

  it("from a signed-in member to their own confirmed address: the whole declaration, as on a durable medium", async () => {
    const self = await member(address("self"), true);
    await withdraw(self, self.email.toUpperCase());
    const [receipt] = await mailsTo(self.email);
    expect(receipt.subject).toBe("Eingangsbestätigung deines Widerrufs (Bestellung 3f2a9c1b)");
    expect(receipt.text_body).toContain(`Hallo Paula ${SPAM},`);
    expect(receipt.text_body).toContain(`Deine Anmerkung: Bitte lesen: ${SPAM}`);
  });
});

describe("newsletter", () => {
  it("the double opt-in mail and the 'already subscribed' notice greet nobody by a typed name", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { subscribeNewsletter } = await import("~/server/newsletter/newsletter.server");
    const victim = address("news");
    const input = { email: victim, firstName: SPAM, lastName: SPAM };
    await withViewer(SERVICE, (tx) => subscribeNewsletter(tx, input));
    await withViewer(SERVICE, (tx) =>
      sql`update public.newsletter_subscriptions set status = 'subscribed' where email = ${victim}`.execute(tx),
    );
    await withViewer(SERVICE, (tx) => subscribeNewsletter(tx, input));
    const [confirmation, notice] = await mailsTo(victim);
    expect(confirmation.subject).toBe("Bitte bestätige deine Newsletter-Anmeldung");
    expect(notice.subject).toBe("Du erhältst den BeHappy-Newsletter bereits");
    for (const mail of [confirmation, notice]) {
      expect(mail.text_body.startsWith("Hallo,\n")).toBe(true);
      expect(mail.all).not.toMatch(SPAM_PATTERN);
    }
  });
});

describe("how many mails one address gets from the newsletter form", () => {
  it("3 an hour; beyond that nothing is stored or mailed, so the newest link mailed still confirms", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { confirmNewsletter, subscribeNewsletter } = await import("~/server/newsletter/newsletter.server");
    const victim = address("news-flood");
    for (let n = 0; n < 5; n++) {
      await withViewer(SERVICE, (tx) => subscribeNewsletter(tx, { email: n % 2 ? victim.toUpperCase() : victim }));
    }
    const mails = await mailsTo(victim);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill("Bitte bestätige deine Newsletter-Anmeldung"));
    const newest = /confirm\?token=([\w-]+)/.exec(mails.at(-1)!.text_body)![1]!;
    expect(await withViewer(SERVICE, (tx) => confirmNewsletter(tx, newest))).toBe(true);
    const stored = await withViewer(SERVICE, (tx) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from public.newsletter_subscriptions where email = ${victim}`.execute(tx),
    );
    expect(stored.rows[0]!.n).toBe(1);
  });
});

describe("order mails", () => {
  it("go to the account's address, not to the e-mail sent with the checkout form", async () => {
    const buyer = await member(address("buyer"), true);
    const typed = address("typed");
    const orderId = await checkout(buyer, typed);
    expect(await mailsTo(typed)).toEqual([]);
    const [confirmation] = await mailsTo(buyer.email);
    expect(confirmation.subject).toBe(`Deine Bestellung ${orderId.slice(0, 8)} bei BeHappy`);
    // Confirmed: the buyer's own words, to the buyer.
    expect(confirmation.text_body).toContain(`Hallo Paula ${SPAM},`);
    expect(confirmation.text_body).toContain(`Lieferadresse:\n${SPAM}`);
    // The order carries the account's address (withdrawals are matched by it).
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { rows } = await withViewer(SERVICE, (tx) =>
      sql<{ customer_email: string }>`select customer_email from public.orders where id = ${orderId}`.execute(tx),
    );
    expect(rows[0].customer_email).toBe(buyer.email);

    // A status change by an admin goes there too.
    const admin = await member(address("admin"), true);
    const { grantAdmin } = await import("~/server/members/accounts.server");
    await grantAdmin(admin.userId);
    const { changeOrderStatus } = await import("~/server/orders/order-mails.server");
    expect(await changeOrderStatus(admin, orderId, "cancelled")).toBe("pending");
    expect(await mailsTo(typed)).toEqual([]);
    expect((await mailsTo(buyer.email)).map((m) => m.subject)).toContain(
      `Bestellung storniert – ${orderId.slice(0, 8)}`,
    );
  });

  it("to an account whose address is not confirmed yet: no name and no address the buyer typed", async () => {
    // Anyone may sign up with someone else's address and order before confirming it.
    const buyer = await member(address("unconfirmed-buyer"), false);
    const orderId = await checkout(buyer, buyer.email);
    const [confirmation] = await mailsTo(buyer.email);
    expect(confirmation.text_body.startsWith("Hallo,\n")).toBe(true);
    expect(confirmation.all).not.toMatch(SPAM_PATTERN);
    expect(confirmation.all).not.toContain("Paula");
    expect(confirmation.text_body).toContain("Diese E-Mail-Adresse ist noch nicht bestätigt.");
    // What the shop itself decided is all there: number, payment, the withdrawal terms.
    expect(confirmation.text_body).toContain(`Verwendungszweck: ${orderId.slice(0, 8)}`);
    expect(confirmation.text_body).toContain("Widerrufsbelehrung");

    const admin = await member(address("admin"), true);
    const { grantAdmin } = await import("~/server/members/accounts.server");
    await grantAdmin(admin.userId);
    const { changeOrderStatus } = await import("~/server/orders/order-mails.server");
    await changeOrderStatus(admin, orderId, "completed");
    const paid = (await mailsTo(buyer.email)).at(-1)!;
    expect(paid.subject).toMatch(/^Zahlung eingegangen/);
    expect(paid.all).not.toMatch(SPAM_PATTERN);
    // The invoice prints name and address: it waits in the dashboard.
    expect(paid.attachments).toBeNull();
  });
});
