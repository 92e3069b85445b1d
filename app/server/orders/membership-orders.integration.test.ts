import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { membershipOrder, newAdmin, stateOf, yearlyMember } from "~/server/orders/fixtures/order-status";

/**
 * Orders of a membership and what their status changes do to it, against a real PGlite with the
 * migrations: the "Bestellung storniert" mail reads the shop's clock, a Lifetime makes an unpaid
 * Yearly order void, and a partial refund of the membership line takes its term back.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

describe("the 'Bestellung storniert' mail", () => {
  it("says the membership ended when it ends before the shop's today (the shop clock, not real time)", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { admin } = await newAdmin();
    // A Yearly member until 10 days from now buys the next year; the order is paid and extends it.
    const member = await yearlyMember("mitglied", 10);
    const { email } = member;
    const { orderId } = await membershipOrder(member, "yearly", 49);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    try {
      // 20 days on: the membership the cancellation gives back (until +10 days) has ended by then.
      await setShopClock(new Date(Date.now() + 20 * 86_400_000));
      await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    } finally {
      await setShopClock(null);
    }
    const mail = await asService(async (tx) => {
      const { rows } = await sql<{ text_body: string }>`
        select text_body from public.mail_outbox
         where to_address = ${email} and subject like '%storniert%'`.execute(tx);
      return rows;
    });
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain("Die Yearly-Mitgliedschaft aus dieser Bestellung ist damit beendet");
    expect(mail[0].text_body).not.toContain("gilt jetzt bis");
  });
});

describe("a Lifetime membership makes an unpaid Yearly order void", () => {
  it("completing the Lifetime order cancels the pending Yearly renewal with its mail", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { LIFETIME_MAKES_VOID_REASON } = await import("~/server/orders/order-mails.server");
    const { admin } = await newAdmin();
    const member = await yearlyMember("aufsteigerin", 20);
    const { email } = member;
    const { orderId: yearly } = await membershipOrder(member, "yearly", 49);
    const { orderId: lifetime } = await membershipOrder(member, "lifetime", 499);
    await asService((tx) => recordPayment(tx, admin, lifetime, {}));
    expect((await stateOf(lifetime)).status).toBe("completed");
    expect(await stateOf(yearly)).toEqual({ status: "cancelled", invoices: [], payments: [], refunds: [] });
    const mails = await asService(async (tx) => {
      const { rows } = await sql<{ text_body: string }>`
        select text_body from public.mail_outbox where to_address = ${email} and subject like '%storniert%'`.execute(
        tx,
      );
      return rows;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(LIFETIME_MAKES_VOID_REASON);
  });
});

describe("a partial refund of a membership line", () => {
  it("takes back the term the order added, as cancelling the order would", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { refundOrderLines } = await import("~/server/orders/refunds.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const member = await yearlyMember("verlaengerung", 20);
    const { userId } = member;
    const { orderId, itemId } = await membershipOrder(member, "yearly", 49);
    const until = () =>
      asService(async (tx) => {
        const { rows } = await sql<{ days: number }>`
          select round(extract(epoch from until - now()) / 86400)::int as days from public.memberships
           where user_id = ${userId}::uuid`.execute(tx);
        return rows[0].days;
      });
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    expect(await until()).toBeGreaterThan(380);
    await withViewer(viewer, (tx) => refundOrderLines(tx, orderId, [{ item: itemId, quantity: 1 }]));
    expect(await until()).toBe(20);
  });
});
