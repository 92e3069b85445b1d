import { sql } from "kysely";
import type { InvoiceLine } from "~/lib/invoice";
import type { InvoiceSeller, VatMode } from "~/lib/operator";
import type { Tx } from "~/server/db/db.server";
import { iso, num } from "~/server/db/values.server";
import { deliveryLines, deliveryOf } from "~/server/orders/delivery-address.server";

export interface InvoiceSummary {
  id: string;
  number: string;
  kind: "invoice" | "cancellation";
  order_id: string;
  issued_at: string;
  total_amount: number;
}

const SUMMARY = ["id", "number", "kind", "order_id", "issued_at", "total_amount"] as const;

function summary(row: {
  id: string;
  number: string;
  kind: string;
  order_id: string;
  issued_at: unknown;
  total_amount: unknown;
}): InvoiceSummary {
  return {
    ...row,
    kind: row.kind === "cancellation" ? "cancellation" : "invoice",
    issued_at: iso(row.issued_at as Date | string) ?? "",
    total_amount: num(row.total_amount) ?? 0,
  };
}

/** Invoices of some orders (RLS: the owner's or, for admins, any), oldest first. */
export async function listInvoicesForOrders(tx: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .selectFrom("invoices")
    .select(SUMMARY)
    .where("order_id", "in", orderIds)
    .orderBy("issued_at")
    .orderBy("number")
    .execute();
  return rows.map(summary);
}

/** The newest invoice of an order (the one a status mail attaches). */
export async function latestInvoiceOfOrder(tx: Tx, orderId: string) {
  const row = await tx
    .selectFrom("invoices")
    .select(SUMMARY)
    .where("order_id", "=", orderId)
    .orderBy("issued_at", "desc")
    .orderBy("number", "desc")
    .executeTakeFirst();
  return row ? summary(row) : null;
}

/**
 * The lines an invoice of an order prints and books: the order's lines, a redeemed code as one
 * negative "Gutschein CODE" line per VAT rate (its share of each line's discount, so § 14 UStG's
 * split per rate stays right), then shipping as its own line. The PDF and the DATEV export both
 * take them from here, so they never disagree.
 */
export function invoiceLinesOf(
  items: {
    item_title: string;
    quantity: number;
    price: unknown;
    vat_rate: unknown;
    shipped: boolean;
    discount?: unknown;
  }[],
  shippingFee: number,
  voucherCode: string | null = null,
): InvoiceLine[] {
  const lines = items.map((i) => ({
    title: i.item_title,
    quantity: i.quantity,
    unitPrice: num(i.price) ?? 0,
    vatRate: num(i.vat_rate) ?? 19,
  }));
  const discountByRate = new Map<number, number>();
  for (const item of items) {
    const cents = Math.round((num(item.discount) ?? 0) * 100);
    if (cents === 0) continue;
    const rate = num(item.vat_rate) ?? 19;
    discountByRate.set(rate, (discountByRate.get(rate) ?? 0) + cents);
  }
  for (const [rate, cents] of [...discountByRate].sort(([a], [b]) => b - a)) {
    lines.push({ title: `Gutschein ${voucherCode ?? ""}`.trim(), quantity: 1, unitPrice: -cents / 100, vatRate: rate });
  }
  if (shippingFee > 0) {
    // Shipping is an ancillary service of the goods sent and shares their rate (UStAE 3.10 (6));
    // with books (7 %) and other goods (19 %) in one parcel, the higher rate is the safe choice
    // (no tax is under-declared). Under § 19 UStG the renderer shows no rate for any line.
    const shippedRates = items.filter((i) => i.shipped).map((i) => num(i.vat_rate) ?? 19);
    lines.push({
      title: "Versand",
      quantity: 1,
      unitPrice: shippingFee,
      vatRate: shippedRates.length > 0 ? Math.max(...shippedRates) : 19,
    });
  }
  return lines;
}

/** Everything the PDF prints; null when the viewer may not see it (RLS) or it does not exist. */
export async function getInvoiceDocument(tx: Tx, invoiceId: string) {
  const invoice = await tx
    .selectFrom("invoices")
    .select([
      ...SUMMARY,
      "cancels_invoice_id",
      "seller",
      "vat_mode",
      // A date, not a timestamp: as text, so no driver shifts it into the machine's time zone.
      sql<string>`to_char(supply_date, 'YYYY-MM-DD')`.as("supply_date"),
    ])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!invoice) return null;
  const order = await tx
    .selectFrom("orders")
    .select([
      "id",
      "customer_name",
      "salutation",
      "street",
      "zipcode",
      "city",
      "country",
      "created_at",
      "shipping_fee",
      "voucher_code",
    ])
    .where("id", "=", invoice.order_id)
    .executeTakeFirstOrThrow();
  const items = await tx
    .selectFrom("order_items")
    .select(["item_title", "quantity", "price", "vat_rate", "shipped", "discount"])
    .where("order_id", "=", invoice.order_id)
    .orderBy("item_title")
    .execute();
  const cancels = invoice.cancels_invoice_id
    ? await tx
        .selectFrom("invoices")
        .select(["number", "issued_at"])
        .where("id", "=", invoice.cancels_invoice_id)
        .executeTakeFirst()
    : undefined;
  const delivery = await deliveryOf(tx, invoice.order_id);
  // The server writes every invoice's snapshot at start (shop-settings.server.ts); one without is a bug.
  if (!invoice.seller || !invoice.vat_mode) throw new Error(`invoice ${invoice.number} has no seller snapshot`);
  const shippingFee = num(order.shipping_fee) ?? 0;
  const { voucher_code: voucherCode, ...orderFields } = order;
  const lines = invoiceLinesOf(items, shippingFee, voucherCode);
  return {
    ...summary(invoice),
    delivery: delivery ? deliveryLines(delivery) : null,
    supplyDate: invoice.supply_date,
    cancels: cancels ? { number: cancels.number, issuedAt: iso(cancels.issued_at) ?? "" } : null,
    order: { ...orderFields, shipping_fee: shippingFee, created_at: iso(order.created_at) ?? "" },
    lines,
    seller: invoice.seller as unknown as InvoiceSeller,
    vatMode: (invoice.vat_mode === "small-business" ? "small-business" : "regular") as VatMode,
  };
}

export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof getInvoiceDocument>>>;
