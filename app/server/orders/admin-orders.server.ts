import { sql } from "kysely";
import { containsPattern, type ListParams } from "~/lib/admin/list-params";
import type { OrderStatus } from "~/lib/admin/kinds";
import type { AdminOrderDetail, AdminOrderPage, AdminOrderRow, StatusLock } from "~/lib/admin/orders";
import { adminFailure, type AdminNotice } from "~/server/members/admin-guard.server";
import { afterCommit, type Tx, type ViewerTx } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { auditFor } from "~/server/admin/audit.server";
import { listInvoicesForOrders, returnableLines } from "~/server/orders/invoices.server";
import { deliveryLines, deliveryOf } from "~/server/orders/delivery-address.server";
import { listOrderItems, ORDER_COLUMNS } from "~/server/orders/orders.server";
import { iso, num } from "~/server/db/values.server";
import { newestFirstPage, pageOf } from "~/server/admin/paging.server";
import { shopNow } from "~/server/jobs/clock.server";
import { paymentDeadlineOf } from "~/server/orders/payment-terms.server";
import { listPayments } from "~/server/orders/payment-history.server";

/** Admin orders (spec §7 "Admin orders"): all orders newest first, no per-user filter (RLS: admin). */

/** What the order's Rechnungskorrekturen took off its total (their totals are negative). */
const correctedSql = () =>
  sql<string>`coalesce((select -sum(i.total_amount) from public.invoices i
                         where i.order_id = orders.id and i.kind = 'correction'), 0)`.as("corrected");

const LIST_COLUMNS = [
  "id",
  "customer_name",
  "customer_email",
  "total_amount",
  "status",
  "created_at",
  "payment_deadline",
  correctedSql(),
] as const;

/** A list row as the screens read it: amounts as numbers, dates as ISO, "Zahlung überfällig". */
function listRow(row: {
  id: string;
  customer_name: string;
  customer_email: string;
  total_amount: unknown;
  status: string;
  created_at: Date | string;
  payment_deadline: Date | string | null;
  corrected: unknown;
}): AdminOrderRow {
  const { payment_deadline: deadline, ...rest } = row;
  const created = iso(row.created_at) ?? "";
  const overdue =
    row.status === "pending" &&
    paymentDeadlineOf({ created_at: created, payment_deadline: deadline ? iso(deadline) : null }, shopNow()).overdue;
  return {
    ...rest,
    total_amount: num(row.total_amount) ?? 0,
    corrected: num(row.corrected) ?? 0,
    created_at: created,
    payment_overdue: overdue,
  };
}

export type { AdminOrderRow };

export async function listOrdersAdmin(tx: Tx, params: ListParams) {
  return pageOf<AdminOrderRow>(tx, "orders", params, async (ids) => {
    const rows = await tx.selectFrom("orders").select(LIST_COLUMNS).where("id", "in", ids).execute();
    return rows.map(listRow);
  });
}

export async function getOrderAdmin(tx: Tx, id: string) {
  const row = await tx
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "user_id", "payment_deadline", "payment_reminded_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    total_amount: num(row.total_amount) ?? 0,
    shipping_fee: num(row.shipping_fee) ?? 0,
    discount_amount: num(row.discount_amount) ?? 0,
    created_at: iso(row.created_at),
  };
}

export async function listOrderWithdrawals(tx: Tx, orderId: string) {
  const rows = await tx
    .selectFrom("withdrawals")
    .select(["id", "name", "email", "order_reference", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

/**
 * Sets the status and returns the one before (null: unknown id, or RLS). Completing issues the
 * invoice and leaving "completed" the cancellation invoice, both in this transaction (SQL trigger).
 */
export async function setOrderStatus(tx: Tx, id: string, status: OrderStatus) {
  const before = await tx.selectFrom("orders").select("status").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!before) return null;
  const result = await tx.updateTable("orders").set({ status }).where("id", "=", id).executeTakeFirst();
  const updated = Number(result.numUpdatedRows) > 0;
  // Completing an order may start a membership (SQL trigger): the member's prices change with it.
  if (updated) await invalidateViewers(tx);
  if (updated) afterCommit(tx, () => logger.info("order status changed", { orderId: id, status }));
  return updated ? before.status : null;
}

/**
 * What the database answers (SQL trigger orders_refuse_reopening, errcode P0001) when a cancelled
 * order with a refund or a Rechnungskorrektur is to be reopened; the order page shows it at the status form.
 */
export const STAYS_CANCELLED =
  "Diese Bestellung ist storniert und hat eine Erstattung oder Rechnungskorrektur. Sie kann nicht wieder geöffnet werden; für einen neuen Kauf ist eine neue Bestellung nötig.";

/** The same trigger's answer when a cancelled order's code has since gone to other orders up to its limit. */
export const voucherTaken = (code: string) =>
  `Der Gutschein „${code}“ dieser Bestellung ist inzwischen von anderen Bestellungen aufgebraucht. Sie bleibt storniert; für einen neuen Kauf ist eine neue Bestellung nötig.`;

/** The same trigger's answer when a completed order with a refund or correction is set back to pending. */
export const STAYS_SETTLED =
  "Diese Bestellung hat eine Erstattung oder Rechnungskorrektur. Sie kann nicht wieder auf „Ausstehend“ gesetzt, nur noch storniert werden.";

/**
 * Which status changes the database refuses for this order (SQL `orders_refuse_reopening`, the rules
 * `order_voucher_taken` and `order_refunded_or_corrected`), or null: a cancelled order whose code's
 * uses other orders took since, or with a refund (open or paid) or a Rechnungskorrektur, stays
 * cancelled; a completed one with a refund or correction can only be cancelled.
 */
export async function statusLockOf(tx: Tx, id: string, status: string): Promise<StatusLock | null> {
  if (status !== "cancelled" && status !== "completed") return null;
  if (status === "cancelled") {
    const { rows } = await sql<{ code: string | null }>`select public.order_voucher_taken(${id}::uuid) as code`.execute(
      tx,
    );
    const code = rows[0]?.code;
    if (code) return { text: voucherTaken(code), refused: ["pending", "completed"] };
  }
  const { rows } = await sql<{ locked: boolean }>`
    select public.order_refunded_or_corrected(${id}::uuid) as locked`.execute(tx);
  if (!rows[0]?.locked) return null;
  return status === "cancelled"
    ? { text: STAYS_CANCELLED, refused: ["pending", "completed"] }
    : { text: STAYS_SETTLED, refused: ["pending"] };
}

/** The order page: the order, and which status changes the database would refuse (null: none). */
export type AdminOrderDetailView = AdminOrderDetail & { statusLocked: StatusLock | null };

/** One order with its items, withdrawals, invoices, delivery address and audit trail, or null when unknown (or not visible). */
export async function getOrderDetail(tx: ViewerTx, id: string): Promise<AdminOrderDetailView | null> {
  const order = await getOrderAdmin(tx, id);
  if (!order) return null;
  // Spec §8: a failed item load shows its own error and an empty list; the rest of the order stays.
  let items: Awaited<ReturnType<typeof listOrderItems>> = [];
  let itemsError: AdminNotice | null = null;
  const beforeItems = await tx.savepoint("order_items").execute();
  try {
    items = await listOrderItems(beforeItems, id);
    await beforeItems.releaseSavepoint("order_items").execute();
  } catch (error) {
    await beforeItems.rollbackToSavepoint("order_items").execute();
    itemsError = adminFailure(
      "Fehler beim Laden der Bestellpositionen",
      error,
      { id },
      "Die Bestellpositionen konnten nicht geladen werden.",
    );
  }
  const withdrawals = await listOrderWithdrawals(tx, id);
  const invoices = await listInvoicesForOrders(tx, [id]);
  const returnable = order.status === "completed" ? await returnableLines(tx, id) : [];
  const delivery = await deliveryOf(tx, id);
  const audit = await auditFor(tx, "orders", id);
  const payments = await listPayments(tx, id);
  const terms = paymentDeadlineOf(
    {
      created_at: order.created_at ?? "",
      payment_deadline: order.payment_deadline ? iso(order.payment_deadline) : null,
    },
    shopNow(),
  );
  // The shop's deadline stands only while nothing was received (paymentSweep's rule).
  const awaitingPayment = order.status === "pending" && !payments.some((p) => p.kind === "payment");
  const { payment_deadline: _deadline, payment_reminded_at: remindedAt, ...orderFacts } = order;
  return {
    payment: {
      deadline: awaitingPayment ? terms.deadline : null,
      overdue: awaitingPayment && terms.overdue,
      remindedAt: remindedAt ? iso(remindedAt) : null,
      payments,
      received: payments.reduce((sum, p) => sum + (p.kind === "payment" ? p.amount : -p.amount), 0),
    },
    order: {
      ...orderFacts,
      payment_overdue: awaitingPayment && terms.overdue,
      corrected: -invoices.filter((i) => i.kind === "correction").reduce((sum, i) => sum + i.total_amount, 0),
    },
    items,
    itemsError,
    returnable,
    withdrawals,
    invoices,
    delivery: delivery ? deliveryLines(delivery) : null,
    audit,
    statusLocked: await statusLockOf(tx, id, order.status),
  };
}

/**
 * Open payments: pending orders, newest first, with how many and their sum. Pending orders are
 * the few awaiting a transfer, so a plain filtered query under RLS is enough here.
 */
export async function listOpenOrdersAdmin(tx: Tx, params: ListParams): Promise<AdminOrderPage> {
  const search = params.q ? containsPattern(params.q) : null;
  let base = tx.selectFrom("orders").where("status", "=", "pending");
  if (search) {
    base = base.where((eb) => eb.or([eb("customer_name", "ilike", search), eb("customer_email", "ilike", search)]));
  }
  const stats = await base
    .select([sql<number>`count(*)::int`.as("total"), sql<string>`coalesce(sum(total_amount), 0)`.as("sum")])
    .executeTakeFirstOrThrow();
  const total = num(stats.total) ?? 0;
  const { page, totalPages, rows } = newestFirstPage(base.select(LIST_COLUMNS), total, params.page);
  return {
    rows: (await rows.execute()).map(listRow),
    total,
    page,
    totalPages,
    q: params.q,
    openSum: num(stats.sum) ?? 0,
  };
}
