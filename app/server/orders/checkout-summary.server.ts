import { createHash } from "node:crypto";

/**
 * § 312j BGB: the order button confirms what the page showed. The checkout form carries a
 * fingerprint of its summary (items, quantities, unit prices, shipping, total); the order that
 * place_order writes is fingerprinted the same way, and a difference (a membership ended, a price
 * edited, the cart changed in another tab) cancels the order before it commits.
 */
export interface SummaryLine {
  itemType: string;
  itemId: string;
  quantity: number;
  unitPrice: number;
}

const cents = (amount: number) => Math.round(amount * 100);

export function summaryFingerprint(lines: SummaryLine[], shipping: number, total: number): string {
  // Lines of one item at one price count as one: the cart may hold them apart, the order merged.
  const quantities = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.itemType}:${line.itemId}@${cents(line.unitPrice)}`;
    quantities.set(key, (quantities.get(key) ?? 0) + line.quantity);
  }
  const canonical = [...quantities].map(([key, quantity]) => `${key}x${quantity}`).sort();
  canonical.push(`shipping=${cents(shipping)}`, `total=${cents(total)}`);
  return createHash("sha256").update(canonical.join("\n")).digest("base64url").slice(0, 22);
}

/** The fingerprint of an order as written (its items' charged prices, shipping and total). */
export function orderFingerprint(order: {
  items: { item_type: string; item_id: string; quantity: number; price: number }[];
  shipping_fee: number;
  total_amount: number;
}) {
  const lines = order.items.map((item) => ({
    // place_order files a plan's product as 'membership'; in the cart it is a product.
    itemType: item.item_type === "membership" ? "product" : item.item_type,
    itemId: item.item_id,
    quantity: item.quantity,
    unitPrice: item.price,
  }));
  return summaryFingerprint(lines, order.shipping_fee, order.total_amount);
}
