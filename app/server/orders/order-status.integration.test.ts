import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { newAdmin, stateOf, uniqueEmail } from "~/server/orders/fixtures/order-status";

/**
 * Status changes of an order and the money around them, against a real PGlite with the migrations:
 * a cancelled order with a refund or a Rechnungskorrektur stays cancelled (SQL orders_refuse_reopening,
 * the sentence the admin sees), a partial refund is due 14 days after the withdrawal, and an event's
 * line keeps the days it was ordered for. Membership orders: membership-orders.integration.test.ts.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

const PRODUCT = "e0000000-0000-4000-8000-000000000002";

beforeAll(async () => {
  await asService((tx) =>
    sql`insert into public.products (id, title, category, image_url, price, vat_rate, shipped)
        values (${PRODUCT}::uuid, 'Glücksbuch', 'Dinge', '/images/catalog/tasse.svg', 20, 7, false)`.execute(tx),
  );
});

/** A confirmed account and its pending order of `quantity` books at 20,00 €; the order's id. */
async function pendingOrder(quantity: number, email = uniqueEmail("kundin")) {
  return asService(async (tx) => {
    const { rows: users } = await sql<{ id: string }>`
      insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
    const { rows: orders } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
      values ('Erika Muster', ${email}, ${quantity * 20}, 'pending', ${users[0].id}::uuid) returning id`.execute(tx);
    await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
              values (${orders[0].id}::uuid, ${PRODUCT}::uuid, 'product', 'Glücksbuch', ${quantity}, 20)`.execute(tx);
    return orders[0].id;
  });
}

/** A paid order of three books with one returned by a Rechnungskorrektur; the order's id and its admin. */
async function paidOrderWithOneReturned() {
  const { recordPayment } = await import("~/server/orders/record-payment.server");
  const { refundOrderLines } = await import("~/server/orders/refunds.server");
  const { withViewer } = await import("~/server/db/db.server");
  const { viewer, admin } = await newAdmin();
  const orderId = await pendingOrder(3);
  await asService((tx) => recordPayment(tx, admin, orderId, {}));
  const item = await asService((tx) =>
    tx.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
  );
  await withViewer(viewer, (tx) => refundOrderLines(tx, orderId, [{ item: item.id, quantity: 1 }]));
  return { orderId, viewer };
}

/** The error a promise rejects with (the test fails when it resolves). */
async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message?: string };
  }
  throw new Error("expected a refusal");
}

describe("a cancelled order with a refund or a Rechnungskorrektur stays cancelled", () => {
  /**
   * Every way the admin reopens an order, as the status action runs them: "Ausstehend"
   * (changeOrderStatus) and "Zahlung eingegangen" (recordPayment, which books what is open and
   * completes). Each is refused with the sentence the admin sees; nothing of it is kept.
   */
  async function expectStaysCancelled(orderId: string) {
    const { changeOrderStatus } = await import("~/server/orders/order-mails.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { STAYS_CANCELLED, getOrderDetail } = await import("~/server/orders/admin-orders.server");
    const { readSqlError } = await import("~/server/db/sql-errors.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const before = await stateOf(orderId);
    expect(before.status).toBe("cancelled");

    const toPending = await refusalOf(changeOrderStatus(viewer, orderId, "pending"));
    const toCompleted = await refusalOf(withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, {})));
    for (const error of [toPending, toCompleted]) {
      expect(error.code).toBe("P0001");
      // What the route action shows the admin: the database's German sentence, as it is.
      expect(readSqlError(error, "admin")).toMatchObject({ text: STAYS_CANCELLED, expected: true, status: 409 });
    }
    // The status trigger does not let the service role (jobs) reopen it either.
    const direct = await refusalOf(
      asService((tx) => sql`update public.orders set status = 'completed' where id = ${orderId}::uuid`.execute(tx)),
    );
    expect(direct.message).toBe(STAYS_CANCELLED);
    // No new invoice, no made-up payment, the refunds as they were.
    expect(await stateOf(orderId)).toEqual(before);
    // The order page disables the status buttons and says why, at the status form.
    const detail = await withViewer(viewer, (tx) => getOrderDetail(tx, orderId));
    expect(detail?.statusLocked).toEqual({ text: STAYS_CANCELLED, refused: ["pending", "completed"] });
  }

  it("with the refund of its cancellation, open or paid", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { completeRefund } = await import("~/server/orders/refunds.server");
    const { admin } = await newAdmin();
    const orderId = await pendingOrder(2);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    expect(await stateOf(orderId)).toEqual({
      status: "cancelled",
      invoices: ["invoice 40.00", "cancellation -40.00"],
      payments: ["payment 40.00"],
      refunds: ["cancellation 40.00 open"],
    });
    await expectStaysCancelled(orderId);

    // Paid back: still cancelled for good.
    const refund = await asService((tx) =>
      tx.selectFrom("refunds").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
    );
    await asService((tx) => completeRefund(tx, admin, refund.id, "2026-12-10"));
    expect((await stateOf(orderId)).refunds).toEqual(["cancellation 40.00 done"]);
    await expectStaysCancelled(orderId);
  });

  it("with a Rechnungskorrektur of returned lines (and its refund)", async () => {
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { orderId } = await paidOrderWithOneReturned();
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    expect(await stateOf(orderId)).toEqual({
      status: "cancelled",
      invoices: ["invoice 60.00", "correction -20.00", "cancellation -40.00"],
      payments: ["payment 60.00"],
      refunds: ["partial 20.00 open", "cancellation 40.00 open"],
    });
    // Reopened, it would have billed 60,00 € again with the returned book in it.
    await expectStaysCancelled(orderId);

    // The correction alone refuses too (its refunds taken away here to show that rule by itself).
    await asService(async (tx) => {
      await tx.deleteFrom("refunds").where("order_id", "=", orderId).execute();
    });
    expect((await stateOf(orderId)).refunds).toEqual([]);
    await expectStaysCancelled(orderId);
  });

  it("a completed order with a Rechnungskorrektur cannot go back to pending, only be cancelled", async () => {
    const { changeOrderStatus } = await import("~/server/orders/order-mails.server");
    const { STAYS_SETTLED, getOrderDetail } = await import("~/server/orders/admin-orders.server");
    const { readSqlError } = await import("~/server/db/sql-errors.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { orderId, viewer } = await paidOrderWithOneReturned();
    const before = await stateOf(orderId);
    expect(before.invoices).toEqual(["invoice 60.00", "correction -20.00"]);
    const detail = await withViewer(viewer, (tx) => getOrderDetail(tx, orderId));
    expect(detail?.statusLocked).toEqual({ text: STAYS_SETTLED, refused: ["pending"] });
    // The Storno dialog says what is left: the detail and the list know what the correction took off.
    const { listOrdersAdmin } = await import("~/server/orders/admin-orders.server");
    expect(detail?.order.corrected).toBe(20);
    const list = await withViewer(viewer, (tx) => listOrdersAdmin(tx, { q: "", page: 1 }));
    expect(list.rows.find((row) => row.id === orderId)?.corrected).toBe(20);

    // Pending and then completed again would bill the returned book once more: refused.
    const refused = await refusalOf(changeOrderStatus(viewer, orderId, "pending"));
    expect(readSqlError(refused, "admin")).toMatchObject({ text: STAYS_SETTLED, expected: true });
    expect(await stateOf(orderId)).toEqual(before);
    // Cancelling what is left still works.
    expect(await changeOrderStatus(viewer, orderId, "cancelled")).toBe("completed");
    expect((await stateOf(orderId)).invoices).toEqual(["invoice 60.00", "correction -20.00", "cancellation -40.00"]);
  });

  it("without money received, refund or correction it may be reopened, as before", async () => {
    const { changeOrderStatus, changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { getOrderDetail } = await import("~/server/orders/admin-orders.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder(1);
    // Cancelled at its payment deadline, unpaid: no refund, no invoice.
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    expect(await stateOf(orderId)).toEqual({ status: "cancelled", invoices: [], payments: [], refunds: [] });
    expect((await withViewer(viewer, (tx) => getOrderDetail(tx, orderId)))?.statusLocked).toBeNull();

    expect(await changeOrderStatus(viewer, orderId, "pending")).toBe("cancelled");
    expect((await stateOf(orderId)).status).toBe("pending");
    await changeOrderStatus(viewer, orderId, "cancelled");
    // Paid late: "Zahlung eingegangen" completes it with its invoice.
    expect((await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, {})))?.previous).toBe("cancelled");
    expect(await stateOf(orderId)).toEqual({
      status: "completed",
      invoices: ["invoice 20.00"],
      payments: ["payment 20.00"],
      refunds: [],
    });
    expect((await withViewer(viewer, (tx) => getOrderDetail(tx, orderId)))?.statusLocked).toBeNull();
  });

  it("paid late, it stays cancelled when its code's last use has gone to another order since", async () => {
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { getOrderDetail, voucherTaken } = await import("~/server/orders/admin-orders.server");
    const { readSqlError } = await import("~/server/db/sql-errors.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const [late, other] = [await pendingOrder(1), await pendingOrder(1)];
    // A 1-use code: the late order had it, was cancelled at its deadline, and the other order took it.
    await asService(async (tx) => {
      await sql`insert into public.vouchers (code, kind, amount, max_uses) values ('EINMAL10', 'fixed', 10, 1)`.execute(
        tx,
      );
      await changeOrderStatusIn(tx, late, "cancelled");
      await sql`insert into public.voucher_redemptions (voucher_id, order_id, email)
                select v.id, o.id, lower(o.customer_email) from public.vouchers v, public.orders o
                 where v.code = 'EINMAL10' and o.id in (${late}::uuid, ${other}::uuid)`.execute(tx);
    });
    const before = await stateOf(late);
    const refused = await refusalOf(withViewer(viewer, (tx) => recordPayment(tx, admin, late, {})));
    // The admin reads the database's sentence; no payment, invoice or refund is made up.
    expect(readSqlError(refused, "admin")).toMatchObject({
      text: voucherTaken("EINMAL10"),
      expected: true,
      status: 409,
    });
    expect(await stateOf(late)).toEqual(before);
    // The order page says it at the status form and disables "Zahlung eingegangen" and "Ausstehend".
    expect((await withViewer(viewer, (tx) => getOrderDetail(tx, late)))?.statusLocked).toEqual({
      text: voucherTaken("EINMAL10"),
      refused: ["pending", "completed"],
    });
    // The transfer is on the bank statement all the same: the payment form (an amount typed) records
    // it, the order stays cancelled and the money is owed back, with the reason in the answer.
    const recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, late, { amount: 20 }));
    expect(recorded).toMatchObject({
      previous: "cancelled",
      amount: 20,
      completed: false,
      refunded: 20,
      staysCancelled: voucherTaken("EINMAL10"),
    });
    expect(await stateOf(late)).toEqual({
      ...before,
      payments: ["payment 20.00"],
      refunds: ["overpayment 20.00 open"],
    });
  });

  it("paid in full after the customer withdrew and it was cancelled, it stays cancelled and the money goes back", async () => {
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { recordPayment, WITHDRAWN_STAYS_CANCELLED } = await import("~/server/orders/record-payment.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder(1);
    await asService(async (tx) => {
      await sql`insert into public.withdrawals (order_id, order_reference, name, email)
                values (${orderId}::uuid, upper(left(${orderId}, 8)), 'Erika Muster', 'erika@example.com')`.execute(tx);
      await changeOrderStatusIn(tx, orderId, "cancelled");
    });
    const recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, { amount: 20 }));
    expect(recorded).toMatchObject({ completed: false, refunded: 20, staysCancelled: WITHDRAWN_STAYS_CANCELLED });
    expect(await stateOf(orderId)).toEqual({
      status: "cancelled",
      invoices: [],
      payments: ["payment 20.00"],
      refunds: ["overpayment 20.00 open"],
    });
  });

  it("paid late in full after its refund, the money is recorded and owed back too", async () => {
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { STAYS_CANCELLED } = await import("~/server/orders/admin-orders.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder(2);
    // 15 € came in, the deadline cancelled the order (its refund of 15 € opens), then the 40 € arrive.
    await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, { amount: 15 }));
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    const recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, orderId, { amount: 40 }));
    expect(recorded).toMatchObject({ completed: false, refunded: 40, staysCancelled: STAYS_CANCELLED });
    expect(await stateOf(orderId)).toMatchObject({
      status: "cancelled",
      payments: ["payment 15.00", "payment 40.00"],
      refunds: ["cancellation 15.00 open", "overpayment 40.00 open"],
    });
  });
});

describe("a partial refund's due date (§ 357 Abs. 1 BGB)", () => {
  /** The Berlin day `days` after an SQL timestamp expression. */
  const dayAfter = (from: string, days: number) =>
    asService(async (tx) => {
      const { rows } = await sql<{ day: string }>`
        select to_char(((${sql.raw(from)}) + make_interval(days => ${days})) at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day`.execute(
        tx,
      );
      return rows[0].day;
    });

  async function partialRefundOf(withdrawnDaysAgo: number[]) {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { refundOrderLines } = await import("~/server/orders/refunds.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { viewer, admin } = await newAdmin();
    const orderId = await pendingOrder(2);
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const withdrawn = await asService(async (tx) => {
      const days: string[] = [];
      for (const ago of withdrawnDaysAgo) {
        const { rows } = await sql<{ created_at: string }>`
          insert into public.withdrawals (order_id, order_reference, name, email, created_at)
          values (${orderId}::uuid, upper(left(${orderId}::text, 8)), 'Erika Muster', 'erika@example.com',
                  public.shop_now() - make_interval(days => ${ago}))
          returning created_at::text`.execute(tx);
        days.push(rows[0].created_at);
      }
      return days;
    });
    const item = await asService((tx) =>
      tx.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
    );
    await withViewer(viewer, (tx) => refundOrderLines(tx, orderId, [{ item: item.id, quantity: 1 }]));
    const refund = await asService(async (tx) => {
      const { rows } = await sql<{ reason: string; due_on: string }>`
        select reason, to_char(due_on, 'YYYY-MM-DD') as due_on from public.refunds where order_id = ${orderId}::uuid`.execute(
        tx,
      );
      return rows[0];
    });
    return { refund, withdrawn };
  }

  it("runs from the earliest withdrawal matched to the order, not from the admin's booking", async () => {
    const { refund, withdrawn } = await partialRefundOf([3, 9]);
    expect(refund.reason).toBe("partial");
    // The earlier of the two (9 days ago): due in 5 days, as the whole order's refund would be.
    expect(refund.due_on).toBe(await dayAfter(`'${withdrawn[1]}'::timestamptz`, 14));
    expect(refund.due_on).not.toBe(await dayAfter("public.shop_now()", 14));
  });

  it("without a withdrawal, from now", async () => {
    const { refund } = await partialRefundOf([]);
    expect(refund.due_on).toBe(await dayAfter("public.shop_now()", 14));
  });
});

describe("an event line keeps the days it was ordered for", () => {
  it("the invoice prints them, also after the event was moved", async () => {
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { getInvoiceDocument } = await import("~/server/orders/invoices.server");
    const { admin } = await newAdmin();
    const startsAt = "2027-03-12T09:00:00.000Z";
    const endsAt = "2027-03-14T15:00:00.000Z";
    const orderId = await asService(async (tx) => {
      const { rows: events } = await sql<{ id: string }>`
        insert into public.events (title, category, image_url, date, time, location, price, starts_at, ends_at)
        values ('Retreat', 'Retreat', '/images/catalog/retreat.svg', '12.–14.03.2027', '10:00 Uhr', 'Harz', 390,
                ${startsAt}::timestamptz, ${endsAt}::timestamptz)
        returning id`.execute(tx);
      const { rows: users } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values (${uniqueEmail("retreat")}, now()) returning id`.execute(
        tx,
      );
      const { rows: orders } = await sql<{ id: string }>`
        insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
        values ('Erika Muster', 'erika@example.com', 390, 'pending', ${users[0].id}::uuid) returning id`.execute(tx);
      await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
                values (${orders[0].id}::uuid, ${events[0].id}::uuid, 'event', 'Retreat', 1, 390)`.execute(tx);
      // Moved after the order: the line keeps what was bought.
      await sql`update public.events set starts_at = starts_at + interval '7 days', ends_at = ends_at + interval '7 days'
                where id = ${events[0].id}::uuid`.execute(tx);
      return orders[0].id;
    });
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const invoiceId = await asService(async (tx) => {
      const row = await tx
        .selectFrom("invoices")
        .select("id")
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const document = await asService((tx) => getInvoiceDocument(tx, invoiceId));
    expect(document?.lines).toEqual([expect.objectContaining({ title: "Retreat", service: { startsAt, endsAt } })]);
  });
});
