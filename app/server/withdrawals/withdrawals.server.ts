import { sql } from "kysely";
import { ADMIN_PAGE_SIZE, containsPattern, totalPages, type ListParams } from "../../lib/admin/list-params";
import type { WithdrawalInput } from "../../lib/schemas/withdrawal";
import { withViewer, type Tx, type Viewer } from "../db/db.server";
import { logger } from "../log.server";
import { sendMail } from "../mail.server";
import { buildWithdrawalNotificationMail, withdrawalReceiptMail } from "../mail/withdrawal-mail.server";
import { operator } from "../operator.server";
import { iso, num } from "../queries/admin/paging.server";

/** The order number customers quote: the first 8 characters of the order id, upper case. */
export function orderReferenceOf(input: string) {
  return input.replace(/^#/, "").slice(0, 8).toUpperCase();
}

/**
 * Files a withdrawal (§ 356a BGB) and tells both sides: the customer gets the receipt with date
 * and time, the shop a notification, matched to an order or not. The withdrawal is stored first;
 * a failed mail is logged and never undoes it.
 */
export async function fileWithdrawal(viewer: Viewer, input: WithdrawalInput) {
  const reference = orderReferenceOf(input.orderNumber);
  const filed = await withViewer(viewer, async (tx) => {
    const { rows } = await sql<{ id: string; linked: boolean; created_at: Date }>`
      select id, linked, created_at
      from public.file_withdrawal(${input.name}, ${input.email}, ${reference}, ${input.note ?? ""})`.execute(tx);
    return rows[0];
  });
  const receivedAt = new Date(filed.created_at).toISOString();
  const mails = [
    {
      to: input.email,
      ...withdrawalReceiptMail({ name: input.name, orderReference: reference, receivedAt, note: input.note }),
    },
    {
      to: operator().notificationEmail,
      ...buildWithdrawalNotificationMail({
        name: input.name,
        email: input.email,
        orderReference: reference,
        receivedAt,
        note: input.note ?? null,
        matched: filed.linked,
      }),
    },
  ];
  for (const mail of mails) {
    await sendMail(mail).catch((error: Error) => logger.error("withdrawal mail failed", { error: error.message }));
  }
  return { id: filed.id, reference, receivedAt, matched: filed.linked };
}

export interface AdminWithdrawalRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  order_reference: string;
  note: string | null;
  order_id: string | null;
  matched_at: string | null;
}

/** All withdrawals, newest first; the unmatched ones are what an admin must look at. */
export async function listWithdrawalsAdmin(tx: Tx, params: ListParams & { unmatched: boolean }) {
  let base = tx.selectFrom("withdrawals");
  if (params.unmatched) base = base.where("order_id", "is", null);
  if (params.q) {
    const pattern = containsPattern(params.q);
    base = base.where((eb) =>
      eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("order_reference", "ilike", pattern)]),
    );
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const pages = totalPages(num(total));
  const page = Math.min(params.page, pages);
  const rows = await base
    .select(["id", "created_at", "name", "email", "order_reference", "note", "order_id", "matched_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at) ?? "", matched_at: iso(r.matched_at) })),
    total: num(total),
    page,
    totalPages: pages,
    q: params.q,
  };
}

export type MatchResult = "matched" | "no-order" | "not-found";

/** Links a withdrawal to the order with this number (by hand, as an admin; RLS checks that). */
export async function matchWithdrawal(tx: Tx, id: string, orderNumber: string, adminId: string): Promise<MatchResult> {
  const reference = orderReferenceOf(orderNumber);
  const order = await tx
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`upper(left(id::text, 8))`, "=", reference)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!order) return "no-order";
  const result = await tx
    .updateTable("withdrawals")
    .set({ order_id: order.id, matched_by: adminId, matched_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? "matched" : "not-found";
}
