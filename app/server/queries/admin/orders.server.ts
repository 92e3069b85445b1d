import { sql } from "kysely";
import { ADMIN_PAGE_SIZE, containsPattern, totalPages, type ListParams } from "../../../lib/admin/list-params";
import type { OrderStatus } from "../../../lib/admin/kinds";
import type { Tx } from "../../db/db.server";
import { ORDER_COLUMNS } from "../orders.server";
import { iso, num, pageOf } from "./paging.server";

/** Admin orders (spec §7 "Admin orders"): all orders newest first, no per-user filter (RLS: admin). */

export interface AdminOrderRow {
  id: string;
  customer_name: string;
  customer_email: string;
  total_amount: number;
  status: string;
  created_at: string;
}

export async function listOrdersAdmin(tx: Tx, params: ListParams) {
  return pageOf<AdminOrderRow>(tx, "orders", params, async (ids) => {
    const rows = await tx
      .selectFrom("orders")
      .select(["id", "customer_name", "customer_email", "total_amount", "status", "created_at"])
      .where("id", "in", ids)
      .execute();
    return rows.map((row) => ({ ...row, total_amount: num(row.total_amount), created_at: iso(row.created_at) ?? "" }));
  });
}

export async function getOrderAdmin(tx: Tx, id: string) {
  const row = await tx
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "user_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, total_amount: num(row.total_amount), created_at: iso(row.created_at) ?? "" };
}

export async function listOrderItems(tx: Tx, orderId: string) {
  const rows = await tx
    .selectFrom("order_items")
    .select(["id", "item_id", "item_type", "item_title", "quantity", "price"])
    .where("order_id", "=", orderId)
    .orderBy("item_title")
    .execute();
  return rows.map((row) => ({ ...row, price: num(row.price) }));
}

export async function listOrderWithdrawals(tx: Tx, orderId: string) {
  const rows = await tx
    .selectFrom("withdrawals")
    .select(["id", "name", "email", "order_reference", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? "" }));
}

/**
 * Sets the status and returns the one before (null: unknown id, or RLS). Completing issues the
 * invoice and leaving "completed" the cancellation invoice, both in this transaction (SQL trigger).
 */
export async function setOrderStatus(tx: Tx, id: string, status: OrderStatus) {
  const before = await tx.selectFrom("orders").select("status").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!before) return null;
  const result = await tx.updateTable("orders").set({ status }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? before.status : null;
}

/**
 * Open payments: pending orders, newest first, with how many and their sum. Pending orders are
 * the few awaiting a transfer, so a plain filtered query under RLS is enough here.
 */
export async function listOpenOrdersAdmin(tx: Tx, params: ListParams) {
  const search = params.q ? containsPattern(params.q) : null;
  let base = tx.selectFrom("orders").where("status", "=", "pending");
  if (search) {
    base = base.where((eb) => eb.or([eb("customer_name", "ilike", search), eb("customer_email", "ilike", search)]));
  }
  const stats = await base
    .select([sql<number>`count(*)::int`.as("total"), sql<string>`coalesce(sum(total_amount), 0)`.as("sum")])
    .executeTakeFirstOrThrow();
  const total = num(stats.total);
  const pages = totalPages(total);
  const page = Math.min(params.page, pages);
  const rows = await base
    .select(["id", "customer_name", "customer_email", "total_amount", "status", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, total_amount: num(row.total_amount), created_at: iso(row.created_at) ?? "" })),
    total,
    page,
    totalPages: pages,
    q: params.q,
    openSum: num(stats.sum),
  };
}
