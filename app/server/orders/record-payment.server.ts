import { sql } from "kysely";
import type { Tx } from "~/server/db/db.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { changeOrderStatusIn } from "~/server/orders/order-mails.server";
import { mailPartPayment } from "~/server/orders/order-payments.server";

/**
 * "Zahlung eingegangen": records the amount received (what is still open of the order's total when
 * none is given, as from the status buttons and the list's menu: nothing for an order paid before
 * and set back to pending). A pending order is completed (invoice and mail, in this transaction)
 * only once everything received covers its total: paid in part it stays pending, with the rest open
 * (the payment sweep leaves it alone, as it has money), and the customer is told the rest
 * ("Teilzahlung eingegangen"). More than the total completes it, shows as
 * overpaid and opens a refund of the excess (`refunded`). Money for a cancelled order is owed back
 * unless it pays the whole order and the order may be reopened (`staysCancelled` says why not);
 * without an amount (the status buttons) a refused reopening records nothing. Null when the order
 * is unknown.
 */
export async function recordPayment(
  tx: Tx,
  admin: { id: string; email: string },
  orderId: string,
  input: { amount?: number; bookedOn?: string; note?: string },
) {
  const order = await tx
    .selectFrom("orders")
    .select(["status", "total_amount"])
    .where("id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) return null;
  const total = Number(order.total_amount);
  // The list's "Zahlung eingegangen" sent again for a paid order records nothing twice.
  if (order.status === "completed" && input.amount === undefined) {
    const received = await receivedFor(tx, orderId);
    return { previous: order.status, amount: 0, total, received, completed: true, refunded: null };
  }
  const amount = input.amount ?? Math.max(0, total - (await receivedFor(tx, orderId)));
  let paymentId: string | null = null;
  if (amount > 0) {
    ({ id: paymentId } = await tx
      .insertInto("order_payments")
      .values({
        order_id: orderId,
        kind: "payment",
        amount,
        booked_on: input.bookedOn ?? sql<string>`(public.shop_now() at time zone 'Europe/Berlin')::date`,
        recorded_by: admin.id,
        recorded_by_email: admin.email,
        note: input.note || null,
      })
      .returning("id")
      .executeTakeFirstOrThrow());
  }
  const received = await receivedFor(tx, orderId);
  const covered = received >= total;
  let staysCancelled: string | null = null;
  if (order.status === "cancelled" && covered && input.amount !== undefined) {
    staysCancelled = await reviveOrKeepCancelled(tx, orderId);
  } else if (order.status !== "completed" && covered) {
    await changeOrderStatusIn(tx, orderId, "completed");
  }
  if (order.status === "pending" && !covered && paymentId)
    await mailPartPayment(tx, orderId, { paymentId, total, received });
  const refunded = amount > 0 ? await openOverpaymentRefund(tx, orderId) : null;
  return {
    previous: order.status,
    amount,
    total,
    received,
    completed: order.status === "completed" || (covered && staysCancelled === null),
    refunded,
    staysCancelled,
  };
}

/** Why a cancelled order the customer withdrew from stays cancelled when its money comes in. */
export const WITHDRAWN_STAYS_CANCELLED =
  "Für diese Bestellung liegt ein Widerruf vor. Sie bleibt storniert; für einen neuen Kauf ist eine neue Bestellung nötig.";

/**
 * The whole amount of a cancelled order came in after all: it is completed, unless the customer
 * withdrew from it or the database refuses to reopen it (its code went to other orders, it has a
 * refund or correction, its seats are gone). Then the money is still recorded, the order stays cancelled and everything
 * received is owed back (open_overpayment_refund): the refusal's text, or null when it reopened.
 */
async function reviveOrKeepCancelled(tx: Tx, orderId: string): Promise<string | null> {
  // The customer withdrew from it: money that comes in anyway does not make a contract again.
  const withdrawn = await tx.selectFrom("withdrawals").select("id").where("order_id", "=", orderId).executeTakeFirst();
  if (withdrawn) return WITHDRAWN_STAYS_CANCELLED;
  await sql`savepoint revive_cancelled_order`.execute(tx);
  try {
    await changeOrderStatusIn(tx, orderId, "completed");
  } catch (error) {
    const refusal = readSqlError(error, "admin");
    if (!refusal.expected || !refusal.text) throw error;
    await sql`rollback to savepoint revive_cancelled_order`.execute(tx);
    return refusal.text;
  }
  await sql`release savepoint revive_cancelled_order`.execute(tx);
  return null;
}

/**
 * More received than the order costs: the excess is owed back, so it becomes a refund in
 * /admin/erstattungen with the same IBAN request as any other (SQL open_overpayment_refund, after
 * the status has followed the payment, as a cancellation's refund would take all of it). The
 * amount, or null when nothing is too much.
 */
async function openOverpaymentRefund(tx: Tx, orderId: string) {
  const { rows } = await sql<{ id: string | null }>`
    select public.open_overpayment_refund(${orderId}::uuid) as id`.execute(tx);
  const id = rows[0]?.id;
  if (!id) return null;
  const refund = await tx.selectFrom("refunds").select("amount").where("id", "=", id).executeTakeFirstOrThrow();
  return Number(refund.amount);
}

/** What the order's payments add up to, less what was refunded (RLS: the admin's or the buyer's own order). */
export async function receivedFor(tx: Tx, orderId: string) {
  const { received } = await tx
    .selectFrom("order_payments")
    .select(sql<string>`coalesce(sum(case when kind = 'payment' then amount else -amount end), 0)`.as("received"))
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  return Math.round(Number(received) * 100) / 100;
}
