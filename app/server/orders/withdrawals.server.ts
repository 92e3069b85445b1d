import { sql } from "kysely";
import { containsPattern, type ListParams, type Page } from "~/lib/admin/list-params";
import type { AdminWithdrawalRow } from "~/lib/admin/withdrawals";
import type { ReceiptPage } from "~/lib/declaration-receipt";
import type { WithdrawalInput } from "~/lib/schemas/withdrawal";
import { afterCommit, asService, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { receiptExpired, receiptPage } from "~/server/http/declaration-receipt.server";
import { shopNow } from "~/server/jobs/clock.server";
import { logger } from "~/server/platform/log.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { isOwnConfirmedAddress } from "~/server/members/accounts.server";
import {
  buildWithdrawalNotificationMail,
  withdrawalReceiptMail,
  withdrawalReceivedMail,
} from "~/server/orders/withdrawal-mail.server";
import { operator } from "~/server/platform/operator.server";
import { iso, num } from "~/server/db/values.server";
import { newestFirstPage } from "~/server/admin/paging.server";
import { allowedWithin } from "~/server/http/rate-limit.server";
import { sameAddress } from "~/lib/declaration-receipt";

/** The order number customers quote: the first 8 characters of the order id, upper case. */
export function orderReferenceOf(input: string) {
  return input.replace(/^#/, "").slice(0, 8).toUpperCase();
}

/**
 * Whether the signed-in member has an order with this number (RLS: their own orders only, so it
 * tells nobody anything about anyone else's). The review step warns of a mistyped number.
 */
export async function isOwnOrderNumber(tx: Tx, userId: string, number: string) {
  const order = await tx
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where(sql<string>`upper(left(id::text, 8))`, "=", orderReferenceOf(number))
    .executeTakeFirst();
  return order !== undefined;
}

/**
 * Files a withdrawal (§ 356a BGB) and, in the same transaction, queues both mails: the customer's
 * receipt with date and time, and the shop's notification, matched to an order or not. A filed
 * withdrawal always gets its mails; a failed one never does. Whether it matched an order is read
 * as the server: file_withdrawal itself never tells the caller (no order oracle).
 *
 * Anyone may send the form with any address, so the receipt repeats what was typed (name, note,
 * order number) only to an address shown to be the customer's: the signed-in member's own confirmed
 * address, or the confirmed account address of the order the declaration matched (whoever sent it
 * knew that order's number). Any other address gets a neutral receipt. The full declaration stays in
 * the table, on the receipt page and in the shop's notification.
 */
export async function fileWithdrawal(viewer: Viewer, input: WithdrawalInput) {
  const reference = orderReferenceOf(input.orderNumber);
  return withViewer(viewer, async (tx) => {
    const { rows } = await sql<{ id: string; created_at: Date }>`
      select id, created_at
      from public.file_withdrawal(${input.name}, ${input.email}, ${reference}, ${input.note ?? ""})`.execute(tx);
    const filed = rows[0];
    const { matched, buyerConfirmed } = await asService(tx, async () => {
      const row = await tx
        .selectFrom("withdrawals as w")
        .leftJoin("orders as o", "o.id", "w.order_id")
        .leftJoin("auth.users as u", "u.id", "o.user_id")
        .select(["w.order_id", "u.email", "u.email_confirmed_at"])
        .where("w.id", "=", filed.id)
        .executeTakeFirst();
      // The order matched by the address it was placed with; the receipt goes to the typed address,
      // so it is the buyer's only while that is still the account's own, confirmed address.
      return {
        matched: Boolean(row?.order_id),
        buyerConfirmed: Boolean(row?.email_confirmed_at && row.email && sameAddress(row.email, input.email)),
      };
    });
    const receivedAt = new Date(filed.created_at).toISOString();
    const own = await isOwnConfirmedAddress(tx, viewer, input.email);
    const receipt =
      buyerConfirmed || own
        ? withdrawalReceiptMail({ name: input.name, orderReference: reference, receivedAt, note: input.note })
        : withdrawalReceivedMail({ receivedAt, matchedReference: matched ? reference : null, operator: operator() });
    // A signed-in member's receipt to their own address is owed and reaches nobody else: never held
    // back. Receipts to a typed address are limited, so nobody can fill a stranger's inbox (and a
    // stranger's filings can never use up the member's own receipt).
    const mailed = own || (await allowedWithin(tx, "declarationMailPerEmail", input.email.toLowerCase()));
    if (mailed) await enqueueMail(tx, { to: input.email, ...receipt }, { key: `withdrawal-receipt:${filed.id}` });
    const notification = buildWithdrawalNotificationMail({
      name: input.name,
      email: input.email,
      orderReference: reference,
      receivedAt,
      note: input.note ?? null,
      matched,
    });
    await enqueueMail(
      tx,
      { to: operator().notificationEmail, ...notification },
      { key: `withdrawal-notification:${filed.id}` },
    );
    afterCommit(tx, () =>
      logger.info("withdrawal filed", { withdrawalId: filed.id, orderReference: reference, matched }),
    );
    return { id: filed.id, reference, receivedAt, matched, mailed };
  });
}

export interface WithdrawalReceipt extends ReceiptPage {
  name: string;
  email: string;
  orderReference: string;
  note: string | null;
  receivedAt: string;
}

/**
 * The receipt page of one withdrawal: what was declared and when it arrived, from the table (a link
 * with the declaration's random id, which only its sender was sent to). Never whether it matched.
 * "expired": past the page's time limit (receiptExpired).
 */
export async function getWithdrawalReceipt(viewer: Viewer, id: string): Promise<WithdrawalReceipt | "expired" | null> {
  return withViewer(viewer, async (tx) => {
    const row = await asService(tx, () =>
      tx
        .selectFrom("withdrawals")
        .select(["name", "email", "order_reference", "note", "created_at"])
        .where("id", "=", id)
        .executeTakeFirst(),
    );
    if (!row) return null;
    if (receiptExpired(row.created_at)) return "expired";
    return {
      name: row.name,
      email: row.email,
      orderReference: row.order_reference,
      note: row.note || null,
      receivedAt: iso(row.created_at),
      ...(await receiptPage(tx, row.created_at, `withdrawal-receipt:${id}`)),
    };
  });
}

const cancelledOrder = sql`select 1 from public.orders o where o.id = withdrawals.order_id and o.status = 'cancelled'`;

/**
 * All withdrawals, newest first, each with its order's status. `open`: those an admin must still act
 * on, unmatched or matched to an order not yet cancelled (cancelling frees the seats and opens the
 * refund, app/server/orders).
 */
export async function listWithdrawalsAdmin(
  tx: Tx,
  params: ListParams & { open: boolean },
): Promise<Page<AdminWithdrawalRow>> {
  let base = tx.selectFrom("withdrawals");
  if (params.open) base = base.where(sql<boolean>`not exists (${cancelledOrder})`);
  if (params.q) {
    const pattern = containsPattern(params.q);
    base = base.where((eb) =>
      eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("order_reference", "ilike", pattern)]),
    );
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const count = num(total) ?? 0;
  const columns = ["id", "created_at", "name", "email", "order_reference", "note", "order_id", "matched_at"] as const;
  const orderStatus = sql<string | null>`(select o.status from public.orders o where o.id = withdrawals.order_id)`;
  const { page, totalPages, rows } = newestFirstPage(
    base.select([...columns, orderStatus.as("order_status")]),
    count,
    params.page,
  );
  return {
    rows: (await rows.execute()).map((r) => ({
      ...r,
      created_at: iso(r.created_at) ?? "",
      matched_at: iso(r.matched_at),
    })),
    total: count,
    page,
    totalPages,
    q: params.q,
  };
}

export type MatchResult =
  | { status: "matched" | "no-order" | "not-found" }
  | { status: "other-address"; orderEmail: string; declarationEmail: string };

/**
 * Links a withdrawal to the order with this number (by hand, as an admin; RLS checks that). An
 * order under another address than the withdrawal's is linked only when the admin confirmed it.
 */
export async function matchWithdrawal(
  tx: Tx,
  id: string,
  orderNumber: string,
  adminId: string,
  evenIfOtherAddress = false,
): Promise<MatchResult> {
  const reference = orderReferenceOf(orderNumber);
  const order = await tx
    .selectFrom("orders")
    .select(["id", "customer_email"])
    .where(sql<string>`upper(left(id::text, 8))`, "=", reference)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!order) return { status: "no-order" };
  const withdrawal = await tx.selectFrom("withdrawals").select("email").where("id", "=", id).executeTakeFirst();
  if (!withdrawal) return { status: "not-found" };
  if (!evenIfOtherAddress && !sameAddress(order.customer_email, withdrawal.email))
    return { status: "other-address", orderEmail: order.customer_email, declarationEmail: withdrawal.email };
  const result = await tx
    .updateTable("withdrawals")
    .set({ order_id: order.id, matched_by: adminId, matched_at: shopNow() })
    .where("id", "=", id)
    .executeTakeFirst();
  return { status: Number(result.numUpdatedRows) > 0 ? "matched" : "not-found" };
}
