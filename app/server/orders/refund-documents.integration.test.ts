import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * The money documents after an order against a real PGlite with the migrations: what an invoice,
 * a Rechnungskorrektur and a Stornorechnung say is settled and due (their e-invoice's BT-113 and
 * BT-115), and the partial refund's mail carrying its Rechnungskorrektur.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

const PRODUCT = "e0000000-0000-4000-8000-000000000001";

beforeAll(async () => {
  await asService((tx) =>
    sql`insert into public.products (id, title, category, image_url, price, vat_rate, shipped)
        values (${PRODUCT}::uuid, 'Glückstasse', 'Dinge', '/images/catalog/tasse.svg', 14.95, 19, true)`.execute(tx),
  );
});

/** A confirmed account and its pending order of `quantity` cups at 14,95 €; the order's id. */
async function pendingOrder(email: string, quantity: number) {
  return asService(async (tx) => {
    const { rows: users } = await sql<{ id: string }>`
      insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
    const { rows: orders } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
      values ('Erika Muster', ${email}, ${quantity * 14.95}, 'pending', ${users[0].id}::uuid) returning id`.execute(tx);
    await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
              values (${orders[0].id}::uuid, ${PRODUCT}::uuid, 'product', 'Glückstasse', ${quantity}, 14.95)`.execute(
      tx,
    );
    return orders[0].id;
  });
}

async function newAdmin() {
  const { createUser, grantAdmin } = await import("~/server/members/accounts.server");
  const email = `kasse-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: true });
  await grantAdmin(userId);
  return { viewer: { role: "authenticated" as const, userId, email }, admin: { id: userId, email } };
}

/** The order's documents as getInvoiceDocument reads them, oldest first. */
async function documentsOf(orderId: string) {
  const { getInvoiceDocument } = await import("~/server/orders/invoices.server");
  return asService(async (tx) => {
    const ids = await tx
      .selectFrom("invoices")
      .select("id")
      .where("order_id", "=", orderId)
      .orderBy("issued_at")
      .orderBy("number")
      .execute();
    return Promise.all(ids.map(async ({ id }) => (await getInvoiceDocument(tx, id))!));
  });
}

describe("what a document says is settled when it was issued", () => {
  it("an invoice: what was received by then, capped at its total; later payments change nothing", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { admin } = await newAdmin();
    const orderId = await pendingOrder("teils@example.com", 2);
    await asService((tx) => recordPayment(tx, admin, orderId, { amount: 10 }));
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const [invoice] = await documentsOf(orderId);
    expect(invoice.kind).toBe("invoice");
    expect(invoice.settledAtIssue).toBe(29.9);
    // 100 € on the paid order afterwards: the issued invoice stays as it was.
    await asService((tx) => recordPayment(tx, admin, orderId, { amount: 100 }));
    expect((await documentsOf(orderId))[0].settledAtIssue).toBe(29.9);

    const over = await pendingOrder("zu-viel@example.com", 2);
    await asService((tx) => recordPayment(tx, admin, over, { amount: 100 }));
    expect((await documentsOf(over))[0].settledAtIssue).toBe(29.9);
  });

  it("an invoice of an order completed without any payment recorded counts as paid (as refundable_amount)", async () => {
    const orderId = await pendingOrder("alt@example.com", 1);
    await asService((tx) => sql`update public.orders set status = 'completed' where id = ${orderId}::uuid`.execute(tx));
    expect((await documentsOf(orderId))[0].settledAtIssue).toBe(14.95);
  });

  it("a correction and a Stornorechnung: what they pay back is due, nothing of it settled", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { refundOrderLines } = await import("~/server/orders/refunds.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder("zurueck@example.com", 3);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const item = await asService((tx) =>
      tx.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
    );
    await withViewer(viewer, (tx) => refundOrderLines(tx, orderId, [{ item: item.id, quantity: 1 }]));
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    const [invoice, correction, storno] = await documentsOf(orderId);
    expect([invoice.kind, correction.kind, storno.kind]).toEqual(["invoice", "correction", "cancellation"]);
    expect(invoice.settledAtIssue).toBe(44.85);
    expect([correction.total_amount, correction.settledAtIssue]).toEqual([-14.95, 0]);
    expect([storno.total_amount, storno.settledAtIssue]).toEqual([-29.9, 0]);
  });

  it("a Stornorechnung of an order set back to pending: nothing is paid back, all of it settled", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { admin } = await newAdmin();
    const orderId = await pendingOrder("versehen@example.com", 1);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    await asService((tx) => changeOrderStatusIn(tx, orderId, "pending"));
    const [, storno] = await documentsOf(orderId);
    expect([storno.kind, storno.settledAtIssue]).toEqual(["cancellation", 14.95]);
  });
});

describe("the partial refund's mail", () => {
  it("carries the Rechnungskorrektur and names it, as the cancellation mail carries the Stornorechnung", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { refundOrderLines } = await import("~/server/orders/refunds.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { orderNumber } = await import("~/lib/format");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder("teilerstattung@example.com", 2);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const item = await asService((tx) =>
      tx.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
    );
    const { correction } = await withViewer(viewer, (tx) =>
      refundOrderLines(tx, orderId, [{ item: item.id, quantity: 1 }]),
    );
    await runDueJobsNow(JOB_HANDLERS);
    const mails = await asService(async (tx) => {
      const { rows } = await sql<{
        subject: string;
        text_body: string;
        attachments: { filename: string; contentType: string; content: string }[] | null;
      }>`select subject, text_body, attachments from public.mail_outbox
          where to_address = 'teilerstattung@example.com' and subject like 'Deine Erstattung%'`.execute(tx);
      return rows;
    });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Deine Erstattung – ${orderNumber(orderId)}`);
    expect(mail.text_body).toMatch(
      new RegExp(`Im Anhang findest du die Rechnungskorrektur ${correction} vom \\d\\d\\.\\d\\d\\.\\d{4}\\.`),
    );
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`${correction}.pdf`, "application/pdf"],
    ]);
    const pdf = Buffer.from(mail.attachments![0].content, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("an overpayment", () => {
  it("opens a refund of the excess, and the customer is asked for the account as for any refund", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { listRefunds } = await import("~/server/orders/refunds.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { orderNumber } = await import("~/lib/format");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder("ueberwiesen@example.com", 2);
    const recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, { amount: 100 }));
    expect(recorded).toMatchObject({ amount: 100, total: 29.9, received: 100, completed: true, refunded: 70.1 });
    const { open } = await withViewer(viewer, (tx) => listRefunds(tx));
    expect(open.filter((r) => r.orderId === orderId).map((r) => [r.reason, r.amount])).toEqual([["overpayment", 70.1]]);
    // The invoice says 29,90 € were received, not 100 €.
    expect((await documentsOf(orderId))[0].settledAtIssue).toBe(29.9);
    // The list's "Zahlung eingegangen" sent again records nothing and opens nothing.
    await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, {}));
    expect((await withViewer(viewer, (tx) => listRefunds(tx))).open.filter((r) => r.orderId === orderId)).toHaveLength(
      1,
    );

    await runDueJobsNow(JOB_HANDLERS);
    const mails = await asService(async (tx) => {
      const { rows } = await sql<{ subject: string; text_body: string }>`
        select subject, text_body from public.mail_outbox
         where to_address = 'ueberwiesen@example.com' and subject like 'Deine Erstattung%'`.execute(tx);
      return rows;
    });
    expect(mails.map((m) => m.subject)).toEqual([`Deine Erstattung – ${orderNumber(orderId)}`]);
    expect(mails[0].text_body).toMatch(
      new RegExp(
        `wir erstatten dir 70,10\\s€, die du für deine Bestellung ${orderNumber(orderId)} zu viel überwiesen hast, spätestens bis zum \\d\\d\\.\\d\\d\\.\\d{4}\\.`,
      ),
    );
    expect(mails[0].text_body).toContain("Bankverbindung");
  });

  it("money for a cancelled order is not called too much: the mail says it came after the cancellation", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { orderNumber } = await import("~/lib/format");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder("nach-storno@example.com", 2);
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    // A part of the total arrives after the cancellation: it is owed back, the order stays cancelled.
    const recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, { amount: 10 }));
    expect(recorded).toMatchObject({ previous: "cancelled", completed: false, refunded: 10 });

    await runDueJobsNow(JOB_HANDLERS);
    const { rows } = await asService((tx) =>
      sql<{ text_body: string }>`
        select text_body from public.mail_outbox
         where to_address = 'nach-storno@example.com' and subject like 'Deine Erstattung%'`.execute(tx),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].text_body).toMatch(
      new RegExp(
        `wir erstatten dir 10,00\\s€, die nach der Stornierung deiner Bestellung ${orderNumber(orderId)} bei uns eingegangen sind, spätestens`,
      ),
    );
    expect(rows[0].text_body).not.toContain("zu viel");
  });
});
