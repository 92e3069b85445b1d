import type { ListParams } from "../../../lib/admin/list-params";
import type { OrderStatus } from "../../../lib/admin/kinds";
import { afterCommit, type Tx } from "../../db/db.server";
import { logger } from "../../log.server";
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

/** Returns false when nothing was updated (unknown id, or RLS). */
export async function setOrderStatus(tx: Tx, id: string, status: OrderStatus) {
  const result = await tx.updateTable("orders").set({ status }).where("id", "=", id).executeTakeFirst();
  const updated = Number(result.numUpdatedRows) > 0;
  if (updated) afterCommit(tx, () => logger.info("order status changed", { orderId: id, status }));
  return updated;
}
