import type { OrderStatus } from "~/lib/admin/kinds";
import { sql } from "kysely";
import { asService, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { iso } from "~/server/db/values.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { getInvoiceDocument, latestInvoiceOfOrder } from "~/server/orders/invoices.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { orderNumber } from "~/lib/format";
import { buildOrderConfirmationMail } from "~/server/orders/order-confirmation-mail.server";
import {
  buildOrderCancelledMail,
  buildPaymentNotReceivedMail,
  buildPaymentReceivedMail,
  type MembershipTakenBack,
} from "~/server/orders/order-status-mail.server";
import { operator } from "~/server/platform/operator.server";
import { setOrderStatus } from "~/server/orders/admin-orders.server";
import type { OrderWithItems } from "~/server/orders/orders.server";
import { deliveryLines, type Delivery } from "~/server/orders/delivery-address.server";
import { bankTransferFor, girocodePng } from "~/server/orders/bank-transfer.server";
import { accountAddress, type AccountAddress } from "~/server/members/accounts.server";
import { calendarAttachments } from "~/server/catalog/calendar.server";
import { findCartItems } from "~/server/cart/cart.server";
import { env } from "~/server/platform/env.server";
import { legalPagesFor, legalPageText } from "~/content/legal";
import type { CartItemType } from "~/lib/cart";
import { planRenewalNote } from "~/lib/membership";
import { getMyMembership } from "~/server/members/memberships.server";

/**
 * Where an order's mails go: the buyer's account address, never the e-mail typed at checkout (which
 * nobody confirmed). Null when the order has no account any more (deleted: its address is gone).
 */
export async function orderRecipient(tx: Tx, orderId: string): Promise<AccountAddress | null> {
  const order = await tx.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirst();
  return order?.user_id ? accountAddress(tx, order.user_id) : null;
}

/** The order mail with payment details and the GiroCode as an inline image. */
export async function orderConfirmationMailFor(
  tx: Tx,
  order: OrderWithItems,
  delivery: Delivery,
  recipient: AccountAddress,
) {
  const transfer = bankTransferFor(order, orderNumber(order.id));
  const png = transfer ? await girocodePng(transfer) : null;
  return buildOrderConfirmationMail({
    order,
    operator: operator(),
    transfer,
    girocodePng: png,
    calendars: await calendarAttachments(tx, order.items),
    delivery: delivery ? deliveryLines(delivery) : null,
    facts: await lineFacts(tx, order.items, order.status !== "completed"),
    terms: legalPageText(legalPagesFor(operator(), { shippingFee: env().shippingFee }).agb),
    personal: recipient.confirmed,
  });
}

/**
 * Each order line's essentials by its id, as the order page named them (from the catalogue); a
 * renewal of the buyer's running plan also says the day its new term starts. Runs as the buyer.
 */
async function lineFacts(tx: Tx, items: OrderWithItems["items"], awaitingPayment: boolean) {
  const typeOf = (item: OrderWithItems["items"][number]): CartItemType =>
    item.item_type === "membership" ? "product" : (item.item_type as CartItemType);
  const known = items.filter((item) => item.item_id !== null);
  const found = await findCartItems(
    tx,
    known.map((item) => ({ itemId: item.item_id!, itemType: typeOf(item) })),
  );
  // A 0,00 € order (a renewal paid by a code) is completed and applied already: no note then.
  const held =
    awaitingPayment && items.some((item) => item.item_type === "membership") ? await getMyMembership(tx) : null;
  return Object.fromEntries(
    known.flatMap((item) => {
      const line = found.get(`${typeOf(item)}:${item.item_id}`);
      const renewal = line?.plan ? planRenewalNote(held, line.plan) : null;
      const facts = [line?.facts, renewal].filter(Boolean).join(". ");
      return facts ? [[item.id, facts]] : [];
    }),
  );
}

/**
 * Changes an order's status and, when it really changed, queues the customer's mail in the same
 * transaction: "Zahlung eingegangen" with the invoice the completion issued (SQL trigger), or
 * "Bestellung storniert" (with the cancellation invoice when there was an invoice). Returns the
 * status before, or null when the order is unknown (or not visible to this viewer).
 */
export async function changeOrderStatus(viewer: Viewer, orderId: string, status: OrderStatus) {
  return withViewer(viewer, (tx) => changeOrderStatusIn(tx, orderId, status));
}

/** changeOrderStatus inside a transaction (a job's, or one that records a payment first). */
export async function changeOrderStatusIn(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  options: { reason?: string } = {},
) {
  const planApplied = await membershipPlanAppliedBy(tx, orderId);
  const previous = await setOrderStatus(tx, orderId, status);
  if (previous !== null && previous !== status) {
    // Leaving "completed", the database took the membership back (orders_membership_revert).
    const membership = planApplied && status !== "completed" ? await membershipAfter(tx, orderId, planApplied) : null;
    await queueOrderStatusMail(tx, orderId, status, membership, options.reason);
    if (status === "completed") await cancelOrdersALifetimeMakesVoid(tx, orderId);
  }
  return previous;
}

export const LIFETIME_MAKES_VOID_REASON =
  "Du hast jetzt die Lifetime-Mitgliedschaft; diese Bestellung ist damit hinfällig. Bitte überweise dafür nichts.";

/**
 * A completed order that gave its buyer a membership without end (Lifetime): their other unpaid
 * orders of a plan no higher (a Yearly renewal ordered before the upgrade) would, paid, buy nothing.
 */
async function cancelOrdersALifetimeMakesVoid(tx: Tx, orderId: string) {
  const row = await asService(tx, () =>
    tx
      .selectFrom("orders as o")
      .innerJoin("memberships as m", "m.user_id", "o.user_id")
      .innerJoin("membership_plans as p", "p.plan", "m.plan")
      .select(["o.user_id", "m.until", "p.rank", "p.term_months"])
      .where("o.id", "=", orderId)
      .where("o.membership_applied_at", "is not", null)
      .executeTakeFirst(),
  );
  if (row?.user_id && row.until === null && row.term_months === null) {
    await cancelUnpaidMembershipOrders(tx, row.user_id, LIFETIME_MAKES_VOID_REASON, { upToRank: row.rank });
  }
}

/**
 * The member's unpaid membership orders (pending, nothing but membership lines; with `upToRank`,
 * only of plans ranked no higher), cancelled in this transaction, each with its "Bestellung
 * storniert" mail giving `reason`. A cancelled contract is not renewed: paid late, a renewal would
 * extend the membership by a term and silently undo the cancellation, with payment reminders
 * meanwhile. A Lifetime makes a Yearly order void.
 */
export async function cancelUnpaidMembershipOrders(
  tx: Tx,
  userId: string,
  reason: string,
  { upToRank }: { upToRank?: number } = {},
) {
  const open = await asService(tx, () =>
    tx
      .selectFrom("orders as o")
      .select("o.id")
      .where("o.user_id", "=", userId)
      .where("o.status", "=", "pending")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("order_items as i")
            .select("i.id")
            .whereRef("i.order_id", "=", "o.id")
            .where("i.item_type", "=", "membership"),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("order_items as i")
              .leftJoin("membership_plans as p", "p.plan", "i.membership_plan")
              .select("i.id")
              .whereRef("i.order_id", "=", "o.id")
              .where((eb) =>
                upToRank === undefined
                  ? eb("i.item_type", "<>", "membership")
                  : eb.or([eb("i.item_type", "<>", "membership"), eb("p.rank", ">", upToRank)]),
              ),
          ),
        ),
      )
      .execute(),
  );
  for (const { id } of open) {
    await asService(tx, () => changeOrderStatusIn(tx, id, "cancelled", { reason }));
  }
  return open.map(({ id }) => id);
}

/** The name of the plan whose membership this order has applied, or null. */
async function membershipPlanAppliedBy(tx: Tx, orderId: string) {
  const row = await tx
    .selectFrom("orders as o")
    .innerJoin("order_items as i", "i.order_id", "o.id")
    .innerJoin("membership_plans as p", "p.plan", "i.membership_plan")
    .select("p.name")
    .where("o.id", "=", orderId)
    .where("o.membership_applied_at", "is not", null)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The buyer's membership as it is now: until when it runs, or null when it has ended. */
async function membershipAfter(tx: Tx, orderId: string, planName: string): Promise<MembershipTakenBack> {
  const row = await tx
    .selectFrom("orders as o")
    .innerJoin("memberships as m", "m.user_id", "o.user_id")
    // The shop's clock, as every date decision (and my_membership's "active") reads it.
    .select(["m.until", sql<boolean>`m.until is null or m.until > public.shop_now()`.as("active")])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  const activeUntil = row?.active && row.until ? iso(row.until) : null;
  return { planName, activeUntil };
}

async function queueOrderStatusMail(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  membership: MembershipTakenBack | null,
  reason?: string,
) {
  // Set back to pending, the customer hears of it only when that took a membership back.
  if (status === "pending" && !membership) return;
  const recipient = await orderRecipient(tx, orderId);
  if (!recipient) return;
  const to = recipient.email;
  const personal = recipient.confirmed;
  const order = await tx
    .selectFrom("orders")
    .select(["id", "customer_name", "total_amount"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const mailOrder = { ...order, number: orderNumber(order.id), total_amount: Number(order.total_amount) };
  if (status === "pending") {
    const mail = buildPaymentNotReceivedMail({
      order: mailOrder,
      operator: operator(),
      membership: membership!,
      personal,
    });
    await enqueueMail(tx, { to, ...mail });
    return;
  }
  const invoice = await latestInvoiceOfOrder(tx, orderId);
  const ref = async (kind: "invoice" | "cancellation") => {
    if (invoice?.kind !== kind) return null;
    const document = await getInvoiceDocument(tx, invoice.id);
    if (!document) throw new Error("invoice not readable");
    const pdf = (await renderInvoicePdf(document)).toString("base64");
    return { number: invoice.number, issued_at: invoice.issued_at, pdf, total: invoice.total_amount };
  };
  if (status === "completed") {
    const paid = await ref("invoice");
    if (!paid) throw new Error("completed order without invoice");
    const mail = buildPaymentReceivedMail({ order: mailOrder, invoice: paid, operator: operator(), personal });
    await enqueueMail(tx, { to, ...mail });
  } else {
    const cancellation = await ref("cancellation");
    const mail = buildOrderCancelledMail({
      order: mailOrder,
      cancellation,
      operator: operator(),
      membership,
      personal,
      reason,
    });
    await enqueueMail(tx, { to, ...mail });
  }
}
