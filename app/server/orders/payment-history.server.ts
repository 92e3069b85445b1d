import type { OrderPayment } from "~/lib/admin/orders";
import type { Tx } from "~/server/db/db.server";
import { day } from "~/server/db/values.server";

/**
 * Money events of an order (issue 28): each payment received and each refund paid is a row of its
 * own in order_payments, with amount, day, who and why; the order's total is never edited. Rows are
 * written as the admin (RLS: admins insert, with their own id as recorded_by).
 */

export async function listPayments(tx: Tx, orderId: string): Promise<OrderPayment[]> {
  const rows = await tx
    .selectFrom("order_payments")
    .select(["id", "kind", "amount", "booked_on", "recorded_by_email", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("booked_on")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OrderPayment["kind"],
    amount: Number(row.amount),
    bookedOn: day(row.booked_on as unknown as Date | string)!,
    by: row.recorded_by_email,
    note: row.note,
  }));
}
