import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * Unpaid bank transfers on the shop's clock (issue 28), against a real PGlite with the migrations:
 * one reminder after PAYMENT_REMINDER_DAYS (7) with the bank data and the GiroCode, the shop's
 * cancellation at the deadline (14 days, or the day an admin extended it to) with a mail that says
 * why, and the cancelled order's seat offered to the waitlist.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

const DAY = 86_400_000;

/** A confirmed account with a pending order of one seat of `eventId`; the order's id. */
async function pendingOrder(email: string, eventId: string) {
  return asService(async (tx) => {
    const { rows: users } = await sql<{ id: string }>`
      insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
    const { rows: orders } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
      values ('Erika Muster', ${email}, 30, 'pending', ${users[0].id}::uuid) returning id`.execute(tx);
    await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
              values (${orders[0].id}::uuid, ${eventId}::uuid, 'event', 'Abend', 1, 30)`.execute(tx);
    return orders[0].id;
  });
}

async function mailsTo(email: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{
      subject: string;
      text_body: string;
      html_body: string;
      attachments: { filename: string }[] | null;
    }>`
      select subject, text_body, html_body, attachments from public.mail_outbox where to_address = ${email}
       order by created_at`.execute(tx);
    return rows;
  });
}

const statusOf = (orderId: string) =>
  asService(
    async (tx) =>
      (await tx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status,
  );

/** A 30 € event in 60 days with `capacity` seats; its id. */
async function newEvent(title: string, capacity: number) {
  return asService(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      insert into public.events (title, category, image_url, date, time, location, price, capacity, starts_at)
      values (${title}, 'Workshop', '/images/catalog/sommerfest.svg', 'bald', '19 Uhr', 'Köln', 30, ${capacity},
              now() + interval '60 days') returning id`.execute(tx);
    return rows[0].id;
  });
}

describe("unpaid bank transfers", () => {
  it("one reminder after 7 days, cancellation after 14 (or the extended deadline); the seat goes to the waitlist", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { extendPaymentDeadline } = await import("~/server/orders/order-payments.server");
    const { orderNumber } = await import("~/lib/format");
    const start = Date.now();
    const at = async (ms: number) => {
      await setShopClock(new Date(start + ms));
      await runDueJobsNow(JOB_HANDLERS);
    };

    const eventId = await newEvent("Abend", 2);
    const unpaid = await pendingOrder("saeumig@example.com", eventId);
    const extended = await pendingOrder("verlaengert@example.com", eventId);
    // Goods only: its reminder has no seats to free.
    const goods = await pendingOrder("ware@example.com", await newEvent("Ware", 1));
    await asService((tx) =>
      sql`update public.order_items set item_type = 'product' where order_id = ${goods}::uuid`.execute(tx),
    );
    await asService((tx) =>
      sql`insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text)
          values (${eventId}::uuid, 'event', 'Anna', 'anna@example.com', 1, 'Ja')`.execute(tx),
    );

    await at(6 * DAY);
    expect(await mailsTo("saeumig@example.com")).toEqual([]);

    await at(7 * DAY + 3_600_000);
    const [reminder] = await mailsTo("saeumig@example.com");
    expect(reminder.subject).toBe(`Zahlungserinnerung – ${orderNumber(unpaid)}`);
    expect(reminder.text_body).toContain("Hallo Erika Muster,");
    expect(reminder.text_body).toMatch(/Bitte überweise den Betrag bis zum \d\d\.\d\d\.\d{4}\./);
    // Text and HTML name the same day, never "within 14 days" from a reminder sent on day 7.
    const day = /bis zum (\d\d\.\d\d\.\d{4})/.exec(reminder.text_body)![1];
    expect(reminder.html_body).not.toContain("innerhalb von");
    expect(reminder.html_body.match(/bis zum (\d\d\.\d\d\.\d{4})/g)?.every((m) => m.endsWith(day!))).toBe(true);
    expect(reminder.text_body).toContain("IBAN: DE");
    expect(reminder.text_body).toContain(`Verwendungszweck: ${orderNumber(unpaid)}`);
    expect(reminder.attachments?.map((a) => a.filename)).toEqual(["girocode.png"]);
    expect(reminder.text_body).toContain("stornieren wir die Bestellung, und reservierte Plätze werden wieder frei.");
    const [goodsReminder] = await mailsTo("ware@example.com");
    expect(goodsReminder.text_body).toContain("Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung.");
    expect(goodsReminder.text_body).not.toContain("Plätze");

    // The admin gives the second order until day 20.
    await asService((tx) => extendPaymentDeadline(tx, extended, new Date(start + 20 * DAY)));
    await at(8 * DAY + 7_200_000);
    expect(await mailsTo("saeumig@example.com")).toHaveLength(1);

    // The deadline day (placed + 14) counts in full: cancelled the Berlin day after it.
    await at(15 * DAY + 3 * 3_600_000);
    expect(await statusOf(unpaid)).toBe("cancelled");
    expect(await statusOf(extended)).toBe("pending");
    const cancelled = (await mailsTo("saeumig@example.com"))[1];
    expect(cancelled.subject).toBe(`Bestellung storniert – ${orderNumber(unpaid)}`);
    expect(cancelled.text_body).toMatch(/wurde storniert\. Bis zum \d\d\.\d\d\.\d{4} ist keine Zahlung eingegangen\./);
    // Its seat was offered to the first in line.
    const anna = await asService((tx) =>
      tx.selectFrom("waitlist_entries").select("status").where("item_id", "=", eventId).executeTakeFirstOrThrow(),
    );
    expect(anna.status).toBe("offered");

    await at(21 * DAY + 2 * 3_600_000);
    expect(await statusOf(extended)).toBe("cancelled");
    await setShopClock(null);
  });
});

describe("the deadline day counts in full, in Berlin", () => {
  it("an order placed 29.11. 19:00 is told 'bis zum 13.12.' and cancelled only from 14.12. 00:00 Berlin", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { extendPaymentDeadline, paymentSweep } = await import("~/server/orders/order-payments.server");
    const { berlinEndOfDay } = await import("~/lib/berlin-time");
    const { orderNumber } = await import("~/lib/format");
    // The sweep itself, at the given instant (the hourly job's schedule is another test's concern).
    const at = async (iso: string) => {
      await setShopClock(new Date(iso));
      await asService((tx) => paymentSweep(tx, {} as Parameters<typeof paymentSweep>[1]));
    };
    const eventId = await newEvent("Spätlese", 5);
    const orderId = await pendingOrder("fristtag@example.com", eventId);
    const extended = await pendingOrder("fristtag-verlaengert@example.com", eventId);
    await asService((tx) =>
      tx
        .updateTable("orders")
        .set({ created_at: new Date("2026-11-29T18:00:00Z") })
        .where("id", "in", [orderId, extended])
        .execute(),
    );
    await asService((tx) => extendPaymentDeadline(tx, extended, berlinEndOfDay("2026-12-20")));
    // The customer is told the new day, once.
    await asService((tx) => extendPaymentDeadline(tx, extended, berlinEndOfDay("2026-12-20")));
    const told = await mailsTo("fristtag-verlaengert@example.com");
    expect(told.map((m) => m.subject)).toEqual([`Neue Zahlungsfrist – ${orderNumber(extended)}`]);
    expect(told[0].text_body).toMatch(
      new RegExp(
        `für deine Bestellung ${orderNumber(extended)} über 30,00\\s€ haben wir die Zahlungsfrist verlängert\\.`,
      ),
    );
    expect(told[0].text_body).toContain(
      "Bitte überweise den Betrag bis zum 20.12.2026. Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung.",
    );

    // 13.12. 19:00 and 23:59 Berlin: the deadline day itself, still open.
    await at("2026-12-13T18:00:00Z");
    expect(await statusOf(orderId)).toBe("pending");
    await at("2026-12-13T22:59:00Z");
    expect(await statusOf(orderId)).toBe("pending");
    const [reminder] = await mailsTo("fristtag@example.com");
    expect(reminder.text_body).toContain("Bitte überweise den Betrag bis zum 13.12.2026.");
    // 14.12. 00:00:30 Berlin: over.
    await at("2026-12-13T23:00:30Z");
    expect(await statusOf(orderId)).toBe("cancelled");
    const cancelled = (await mailsTo("fristtag@example.com")).at(-1)!;
    expect(cancelled.text_body).toContain("Bis zum 13.12.2026 ist keine Zahlung eingegangen.");

    // An extended deadline ("bis zum 20.12.") likewise: all of the 20th, cancelled on the 21st.
    await at("2026-12-20T22:30:00Z");
    expect(await statusOf(extended)).toBe("pending");
    await at("2026-12-20T23:00:30Z");
    expect(await statusOf(extended)).toBe("cancelled");
    await setShopClock(null);
  });
});

describe("a part payment", () => {
  it("keeps the order pending, left alone by the sweep, until the rest comes; more than the total completes it", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { paymentSweep } = await import("~/server/orders/order-payments.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const eventId = await newEvent("Teilzahlung", 5);
    const orderId = await pendingOrder("teilzahler@example.com", eventId);
    const over = await pendingOrder("ueberzahler@example.com", eventId);
    const admin = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values ('kasse2@example.com', now()) returning id`.execute(
        tx,
      );
      return { id: rows[0].id, email: "kasse2@example.com" };
    });
    const invoices = (id: string) =>
      asService((tx) => tx.selectFrom("invoices").select("id").where("order_id", "=", id).execute());
    const subjects = async (email: string) => (await mailsTo(email)).map((m) => m.subject);

    // 10 of 30 €: pending, no invoice, no "Zahlung eingegangen" mail.
    const first = await asService((tx) => recordPayment(tx, admin, orderId, { amount: 10, bookedOn: "2026-11-29" }));
    expect(first).toMatchObject({ previous: "pending", amount: 10, total: 30, received: 10, completed: false });
    expect(await statusOf(orderId)).toBe("pending");
    expect(await invoices(orderId)).toEqual([]);
    expect((await subjects("teilzahler@example.com")).filter((s) => /Zahlung|Rechnung/.test(s))).toEqual([]);
    // "Teilzahlung eingegangen": what arrived, what is missing, the account and a GiroCode for the rest;
    // no day and no cancellation (the shop makes none for an order with money).
    const told = (await mailsTo("teilzahler@example.com")).filter((m) => m.subject.startsWith("Teilzahlung"));
    expect(told.map((m) => m.subject)).toEqual([`Teilzahlung eingegangen – Bestellung ${orderId.slice(0, 8)}`]);
    expect(told[0].text_body).toContain(
      `für deine Bestellung ${orderId.slice(0, 8)} über 30,00\u00a0€ sind bisher 10,00\u00a0€ bei uns eingegangen.`,
    );
    expect(told[0].text_body).toContain("Es fehlen noch 20,00\u00a0€.");
    expect(told[0].text_body).toContain("Bitte überweise den fehlenden Betrag auf folgendes Konto:");
    expect(told[0].text_body).toContain(`Verwendungszweck: ${orderId.slice(0, 8)}`);
    expect(told[0].text_body).not.toMatch(/stornieren|bis zum/);
    expect(told[0].html_body).toContain("Bitte überweise die fehlenden <strong>20,00\u00a0€</strong>");
    expect(told[0].attachments?.map((a) => a.filename)).toEqual(["girocode.png"]);

    // Long past every deadline the sweep neither reminds nor cancels: money came in.
    await setShopClock(new Date(Date.now() + 40 * DAY));
    await asService((tx) => paymentSweep(tx, {} as Parameters<typeof paymentSweep>[1]));
    await setShopClock(null);
    expect(await statusOf(orderId)).toBe("pending");
    expect((await subjects("teilzahler@example.com")).filter((s) => /Zahlungserinnerung|storniert/.test(s))).toEqual(
      [],
    );

    // The rest (as the list's "Zahlung eingegangen" records it): completed, invoiced.
    const rest = await asService((tx) => recordPayment(tx, admin, orderId, {}));
    expect(rest).toMatchObject({ amount: 20, received: 30, completed: true });
    expect(await statusOf(orderId)).toBe("completed");
    expect(await invoices(orderId)).toHaveLength(1);
    // The rest completes it: "Zahlung eingegangen", not a second part payment mail.
    expect((await subjects("teilzahler@example.com")).filter((s) => s.startsWith("Teilzahlung"))).toHaveLength(1);

    // 45 € for 30 €: completed, shown as 15 € too much.
    const much = await asService((tx) => recordPayment(tx, admin, over, { amount: 45, bookedOn: "2026-11-29" }));
    expect(much).toMatchObject({ amount: 45, total: 30, received: 45, completed: true });
    expect(await statusOf(over)).toBe("completed");
    // Its Leistungsdatum is the day the money arrived, as recorded, not the day it was recorded.
    const supplied = await asService((tx) =>
      tx
        .selectFrom("invoices")
        .select(sql<string>`to_char(supply_date, 'YYYY-MM-DD')`.as("day"))
        .where("order_id", "=", over)
        .executeTakeFirstOrThrow(),
    );
    expect(supplied.day).toBe("2026-11-29");
  });
});

describe("an order paid, then set back to pending by an admin", () => {
  it("records no second payment, is neither reminded of nor cancelled by the shop, and is refunded when cancelled", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const start = Date.now();
    const eventId = await newEvent("Matinee", 5);
    const orderId = await pendingOrder("zurueckgesetzt@example.com", eventId);
    const admin = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values ('kasse@example.com', now()) returning id`.execute(
        tx,
      );
      return { id: rows[0].id, email: "kasse@example.com" };
    });
    const payments = () =>
      asService((tx) =>
        tx.selectFrom("order_payments").select(["kind", "amount"]).where("order_id", "=", orderId).execute(),
      );

    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    expect(await statusOf(orderId)).toBe("completed");
    // "Ausstehend" by mistake, then "Zahlung eingegangen" again: the 30 € were received once.
    await asService((tx) => changeOrderStatusIn(tx, orderId, "pending"));
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    expect(await statusOf(orderId)).toBe("completed");
    expect((await payments()).map((p) => [p.kind, Number(p.amount)])).toEqual([["payment", 30]]);

    // Pending again and left so past every deadline: no "keine Zahlung eingegangen", no cancellation.
    await asService((tx) => changeOrderStatusIn(tx, orderId, "pending"));
    const mailsBefore = (await mailsTo("zurueckgesetzt@example.com")).length;
    await setShopClock(new Date(start + 30 * DAY));
    await runDueJobsNow(JOB_HANDLERS);
    expect(await statusOf(orderId)).toBe("pending");
    const subjects = (await mailsTo("zurueckgesetzt@example.com")).slice(mailsBefore).map((m) => m.subject);
    expect(subjects.filter((subject) => /Zahlungserinnerung|storniert/.test(subject))).toEqual([]);

    // Cancelled by hand from pending: what was received is due back.
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    const refunds = await asService((tx) =>
      tx.selectFrom("refunds").select(["reason", "amount", "status"]).where("order_id", "=", orderId).execute(),
    );
    expect(refunds.map((r) => [r.reason, Number(r.amount), r.status])).toEqual([["cancellation", 30, "open"]]);
    await setShopClock(null);
  });

  it("an unpaid pending order cancelled by hand opens no refund", async () => {
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const eventId = await newEvent("Vesper", 5);
    const orderId = await pendingOrder("nie-bezahlt@example.com", eventId);
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    const refunds = await asService((tx) =>
      tx.selectFrom("refunds").select("id").where("order_id", "=", orderId).execute(),
    );
    expect(refunds).toEqual([]);
  });
});

describe("money that arrives for a cancelled order", () => {
  it("a late part payment keeps the order cancelled and is owed back; a late full payment revives it", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const admin = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values ('kasse-spaet@example.com', now()) returning id`.execute(
        tx,
      );
      return { id: rows[0].id, email: "kasse-spaet@example.com" };
    });
    const eventId = await newEvent("Nachzügler", 5);

    // 10 € of 30 € arrive after the shop cancelled the order: recorded, the order stays cancelled,
    // and the 10 € are a refund with the IBAN request.
    const partly = await pendingOrder("teils-spaet@example.com", eventId);
    await asService((tx) => changeOrderStatusIn(tx, partly, "cancelled"));
    const recorded = await asService((tx) => recordPayment(tx, admin, partly, { amount: 10 }));
    expect(recorded).toMatchObject({ previous: "cancelled", amount: 10, received: 10, completed: false, refunded: 10 });
    expect(await statusOf(partly)).toBe("cancelled");
    const refunds = await asService((tx) =>
      tx.selectFrom("refunds").select(["reason", "amount", "status"]).where("order_id", "=", partly).execute(),
    );
    expect(refunds.map((r) => [r.reason, Number(r.amount), r.status])).toEqual([["overpayment", 10, "open"]]);

    // The whole amount after the cancellation: the order is completed after all, nothing owed back.
    const fully = await pendingOrder("ganz-spaet@example.com", eventId);
    await asService((tx) => changeOrderStatusIn(tx, fully, "cancelled"));
    const whole = await asService((tx) => recordPayment(tx, admin, fully, {}));
    expect(whole).toMatchObject({ previous: "cancelled", amount: 30, completed: true, refunded: null });
    expect(await statusOf(fully)).toBe("completed");
  });
});

describe("the admin's days for an order's money", () => {
  it("no payment or refund before the order or in the future; a deadline only later, up to a year", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { refusedDeadline, refusedMoneyDay } = await import("~/server/orders/order-payments.server");
    const orderId = await pendingOrder("tage@example.com", await newEvent("Tage", 3));
    await asService((tx) =>
      sql`update public.orders set created_at = '2027-03-01T12:00:00Z' where id = ${orderId}::uuid`.execute(tx),
    );
    await setShopClock(new Date("2027-03-10T12:00:00Z"));
    try {
      const moneyDay = (day: string) => asService((tx) => refusedMoneyDay(tx, orderId, day, "Zukunft"));
      expect(await moneyDay("2027-02-28")).toBe("Der Tag liegt vor der Bestellung vom 01.03.2027.");
      expect(await moneyDay("2027-03-01")).toBeNull();
      expect(await moneyDay("2027-03-10")).toBeNull();
      expect(await moneyDay("2027-03-11")).toBe("Zukunft");

      // Placed 01.03., 14 days to pay: the deadline is 15.03.
      const deadline = (day: string) => asService((tx) => refusedDeadline(tx, orderId, day));
      expect(await deadline("2027-03-10")).toBe("Die neue Frist muss nach heute liegen.");
      expect(await deadline("2027-03-15")).toBe("Die neue Frist muss nach der bisherigen vom 15.03.2027 liegen.");
      expect(await deadline("2027-03-16")).toBeNull();
      // A year is a calendar year, also across a 29 February.
      expect(await deadline("2028-03-10")).toBeNull();
      expect(await deadline("2028-03-11")).toBe("Die neue Frist darf höchstens ein Jahr nach heute liegen.");
    } finally {
      await setShopClock(null);
    }
  });
});
