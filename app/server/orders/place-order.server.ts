import type { CartLine } from "~/lib/cart";
import { deliveryAddressOf, type CheckoutInput } from "~/lib/schemas/checkout";
import { isGermany } from "~/lib/schemas/common";
import { afterCommit, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { logger } from "~/server/platform/log.server";
import { resolveCart } from "~/server/cart/cart.server";
import { accountAddress, type AccountAddress } from "~/server/members/accounts.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { planChangeNote, planRenewalNote } from "~/lib/membership";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import {
  getOrder,
  getProfileForCheckout,
  placeOrder,
  saveCheckoutAddress,
  type OrderWithItems,
} from "~/server/orders/orders.server";
import { deliveryOf, saveDeliveryAddress } from "~/server/orders/delivery-address.server";
import { orderConfirmationMailFor } from "~/server/orders/order-mails.server";
import { orderSums } from "~/server/orders/shipping.server";
import { orderFingerprint, summaryFingerprint } from "~/server/orders/checkout-summary.server";
import { quoteVoucher, withDiscount } from "~/server/vouchers/voucher-cart.server";

/**
 * Checkout orchestration: what the /checkout route shows and what placing an order does (order,
 * address, confirmation mail). Prices are decided by public.place_order in SQL; the summary shown
 * before uses the same rule (resolveCart) so the customer sees what will be charged.
 */

export const ORDER_FAILED = {
  message: "Fehler bei der Bestellung",
  description: "Es gab ein Problem bei der Verarbeitung deiner Bestellung. Bitte versuche es später erneut.",
};

/** § 312j: the order would differ from the summary the customer confirmed; nothing was ordered. */
const PRICES_CHANGED = {
  message: "Die Preise haben sich geändert – bitte prüfe deine Bestellung",
  description: "Wir haben nichts bestellt. Die Zusammenfassung unten zeigt die aktuellen Preise.",
};

export type CheckoutNotice = typeof ORDER_FAILED;

export type PlaceOrderOutcome =
  | { ok: true; orderId: string }
  | { ok: false; status: 200 | 400 | 409 | 500; notice: CheckoutNotice; field?: DeliveryCountryField };

class SummaryChanged extends Error {}

/** The AGB's delivery area ("Versand und Lieferung"): goods go to addresses in Germany. */
export const DELIVERY_AREA =
  "Wir liefern Produkte nur innerhalb Deutschlands. Bitte gib eine Adresse in Deutschland an.";
type DeliveryCountryField = "country" | "deliveryCountry";
class OutsideDeliveryArea extends Error {
  constructor(readonly field: DeliveryCountryField) {
    super(DELIVERY_AREA);
  }
}

/**
 * Whether the redeemed code still applies to these lines. One that does not (used up, the cart
 * below its minimum) is left out of the order as the summary left it out ("gilt nicht"); the
 * summary check then decides whether the customer saw that total.
 */
async function voucherApplies(tx: Tx, code: string, lines: CartLine[]) {
  const { resolved } = await resolveCart(tx, lines, await getMyMembership(tx));
  return (await quoteVoucher(tx, code, resolved)).ok;
}

/** Goods in the order and a delivery country outside the area: the field to correct, else null. */
async function deliveryCountryRefused(tx: Tx, orderId: string, input: CheckoutInput) {
  const delivery = deliveryAddressOf(input);
  if (isGermany(delivery?.country ?? input.country)) return null;
  const goods = await tx
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", orderId)
    .where("shipped", "=", true)
    .executeTakeFirst();
  return goods ? (delivery ? "deliveryCountry" : "country") : null;
}

/**
 * The lines with the prices this member will be charged, shipping, the redeemed code's discount,
 * the total, and the saved address.
 */
export async function loadCheckout(viewer: Viewer, userId: string, lines: CartLine[], code: string | null = null) {
  return withViewer(viewer, async (tx) => {
    const membership = await getMyMembership(tx);
    const { resolved, missing, memberPricesFromCart, planInCart } = await resolveCart(tx, lines, membership);
    const profile = await getProfileForCheckout(tx, userId);
    const voucher = code && resolved.length > 0 ? await quoteVoucher(tx, code, resolved) : null;
    const sums = withDiscount(orderSums(resolved), voucher);
    return {
      lines: resolved,
      missing,
      ...sums,
      voucher,
      summary: summaryFingerprint(resolved, sums.shipping, sums.total),
      memberPricesFromCart,
      planChange: planInCart && (planChangeNote(membership, planInCart) ?? planRenewalNote(membership, planInCart)),
      profile,
    };
  });
}

/**
 * Seats a waitlist offer holds belong to the address it went to (hold_seats), not to the link: a
 * cart that came by the offer's link and is ordered under another account finds them taken. Said
 * so after the refusal, which on its own reads "ausgebucht".
 */
export function withHeldSeatsNote(refusal: string, lines: CartLine[]) {
  if (!lines.some((line) => (line.held ?? 0) > 0) || !/ausgebucht|(Platz|Plätze) frei/.test(refusal)) return refusal;
  return `${refusal} Plätze aus einem Wartelisten-Angebot sind für die E-Mail-Adresse reserviert, an die das Angebot ging: Bitte melde dich mit dieser Adresse an.`;
}

/**
 * Places the order with its delivery address and queues its confirmation mail (unit prices
 * actually charged, bank details with GiroCode, the Widerrufsbelehrung) in one transaction, then
 * saves the address to the profile (best effort, only logged on failure). An order that differs from
 * the summary the form showed (`input.summary`) is rolled back and answered with the new summary.
 * The order's e-mail is the account's, whatever the form sent: every mail about the order goes there
 * (orderRecipient), and a withdrawal is matched by it.
 */
export async function placeCheckoutOrder(
  viewer: Viewer,
  userId: string,
  input: CheckoutInput,
  lines: CartLine[],
  voucherCode: string | null = null,
): Promise<PlaceOrderOutcome> {
  let orderId: string;
  try {
    orderId = await withViewer(viewer, async (tx) => {
      const account = await accountAddress(tx, userId);
      if (!account) throw new Error("account without e-mail");
      const code = voucherCode && (await voucherApplies(tx, voucherCode, lines)) ? voucherCode : null;
      const id = await placeOrder(tx, { ...input, email: account.email }, lines, code);
      const refusedCountry = await deliveryCountryRefused(tx, id, input);
      if (refusedCountry) throw new OutsideDeliveryArea(refusedCountry);
      const placed = await getOrder(tx, id);
      if (!placed || orderFingerprint(placed) !== input.summary) throw new SummaryChanged();
      await saveDeliveryAddress(tx, id, deliveryAddressOf(input));
      await queueOrderConfirmation(tx, placed, account);
      // A 0,00 € order is completed at once and may start a membership (prices, header).
      if (placed.status === "completed") await invalidateViewers(tx);
      // Booked seats change "Noch N Plätze" in the catalogue snapshot: the buyer's next page on this
      // instance must not show the count from before (other instances see it within a second).
      if (placed.items.some((i) => i.item_type === "event" || i.item_type === "course")) await invalidateCatalog(tx);
      return id;
    });
  } catch (error) {
    // 200: the page is shown again with its loader's new summary (an error status would keep the old one).
    if (error instanceof SummaryChanged) return { ok: false, status: 200, notice: PRICES_CHANGED };
    if (error instanceof OutsideDeliveryArea) {
      return { ok: false, status: 400, notice: { ...ORDER_FAILED, description: DELIVERY_AREA }, field: error.field };
    }
    // place_order speaks German for what a customer can fix (sold out, gone, bad quantity, plan held).
    const { code, text } = readSqlError(error, "checkout");
    if (text === null) logger.error("place_order failed", { code, error: (error as Error).message });
    return text !== null
      ? { ok: false, status: 409, notice: { ...ORDER_FAILED, description: withHeldSeatsNote(text, lines) } }
      : { ok: false, status: 500, notice: ORDER_FAILED };
  }

  await withViewer(viewer, (tx) => saveCheckoutAddress(tx, userId, input)).catch((error: Error) =>
    logger.warn("profile address update failed", { error: error.message }),
  );
  return { ok: true, orderId };
}

/** The confirmation mail, queued once per order (a form sent again queues nothing new). */
async function queueOrderConfirmation(tx: Tx, order: OrderWithItems, recipient: AccountAddress) {
  const orderId = order.id;
  const mail = await orderConfirmationMailFor(tx, order, await deliveryOf(tx, orderId), recipient);
  const queued = await enqueueMail(tx, { to: recipient.email, ...mail }, { key: `order-confirmation:${orderId}` });
  if (queued) afterCommit(tx, () => logger.info("order placed", { orderId, total: order.total_amount }));
}
