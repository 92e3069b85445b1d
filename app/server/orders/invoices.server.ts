import { sql } from "kysely";
import { invoiceKindOf, type InvoiceKind, type InvoiceLine } from "~/lib/invoice";
import type { InvoiceSeller, VatMode } from "~/lib/operator";
import type { ReturnableLine } from "~/lib/admin/orders";
import type { Tx } from "~/server/db/db.server";
import { iso, num } from "~/server/db/values.server";
import { deliveryLines, deliveryOf } from "~/server/orders/delivery-address.server";

export interface InvoiceSummary {
  id: string;
  number: string;
  kind: InvoiceKind;
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
    kind: invoiceKindOf(row.kind),
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

type LineItem = {
  item_title: string;
  quantity: number;
  price: unknown;
  vat_rate: unknown;
  shipped: boolean;
  /** The voucher's share of this line (for the quantity given), in euros. */
  discount?: unknown;
  /** When its event or course takes place (order_items.service_starts_at / _ends_at). */
  service_starts_at?: Date | string | null;
  service_ends_at?: Date | string | null;
};

/**
 * The lines an invoice of an order prints and books: the order's lines, a redeemed code as one
 * negative "Gutschein CODE" line per VAT rate (its share of each line's discount, so § 14 UStG's
 * split per rate stays right), then shipping as its own line. `rateItems` are the lines whose
 * rates decide the shipping's rate (all the order's lines, also when a correction prints only some).
 */
export function invoiceLinesOf(
  items: LineItem[],
  shippingFee: number,
  { rateItems = items, voucherCode = null }: { rateItems?: LineItem[]; voucherCode?: string | null } = {},
): InvoiceLine[] {
  const lines: InvoiceLine[] = items.map((i) => {
    const startsAt = iso(i.service_starts_at ?? null);
    return {
      title: i.item_title,
      quantity: i.quantity,
      unitPrice: num(i.price) ?? 0,
      vatRate: num(i.vat_rate) ?? 19,
      ...(startsAt ? { service: { startsAt, endsAt: iso(i.service_ends_at ?? null) } } : {}),
    };
  });
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
    const shippedRates = rateItems.filter((i) => i.shipped).map((i) => num(i.vat_rate) ?? 19);
    lines.push({
      title: "Versand",
      quantity: 1,
      unitPrice: shippingFee,
      vatRate: shippedRates.length > 0 ? Math.max(...shippedRates) : 19,
    });
  }
  return lines;
}

/** What `linesOfInvoices` needs of an invoice row. */
export interface InvoiceLineSource {
  id: string;
  kind: string;
  order_id: string;
  cancels_invoice_id: string | null;
  corrects_invoice_id: string | null;
  shipping_fee: unknown;
}

/**
 * The lines of each invoice, by its id; the PDF, the DATEV export and the e-invoice all take them
 * from here, so they never disagree. An invoice has the order's lines; a Rechnungskorrektur the
 * returned ones (positive: the document's sign makes them negative); a Stornorechnung what the
 * corrections of the invoice it cancels left.
 */
export async function linesOfInvoices(tx: Tx, invoices: InvoiceLineSource[]) {
  const result = new Map<string, InvoiceLine[]>();
  if (invoices.length === 0) return result;
  const orderIds = [...new Set(invoices.map((i) => i.order_id))];
  const [items, returned] = await Promise.all([
    tx
      .selectFrom("order_items as oi")
      .innerJoin("orders as o", "o.id", "oi.order_id")
      .select([
        "oi.id",
        "oi.order_id",
        "oi.item_title",
        "oi.quantity",
        "oi.price",
        "oi.vat_rate",
        "oi.shipped",
        "oi.discount",
        "oi.service_starts_at",
        "oi.service_ends_at",
        "o.voucher_code",
      ])
      .where("oi.order_id", "in", orderIds)
      .orderBy("oi.item_title")
      .orderBy("oi.id")
      .execute(),
    tx
      .selectFrom("invoice_correction_lines as l")
      .innerJoin("invoices as c", "c.id", "l.invoice_id")
      .select(["l.invoice_id", "c.corrects_invoice_id", "l.order_item_id", "l.quantity", "l.discount"])
      .where("c.order_id", "in", orderIds)
      .execute(),
  ]);
  // Grouped once: a month's export or the sales overview reads many invoices at a time.
  const itemsByOrder = new Map<string, typeof items>();
  for (const item of items) {
    const group = itemsByOrder.get(item.order_id);
    if (group) group.push(item);
    else itemsByOrder.set(item.order_id, [item]);
  }
  for (const invoice of invoices) {
    const orderItems = itemsByOrder.get(invoice.order_id) ?? [];
    const fee = num(invoice.shipping_fee) ?? 0;
    const corrections =
      invoice.kind === "correction"
        ? returned.filter((r) => r.invoice_id === invoice.id)
        : invoice.kind === "cancellation"
          ? returned.filter((r) => r.corrects_invoice_id === invoice.cancels_invoice_id)
          : [];
    const back = (itemId: string) => corrections.filter((r) => r.order_item_id === itemId);
    const quantityBack = (itemId: string) => back(itemId).reduce((sum, r) => sum + r.quantity, 0);
    // In cents: the shares of a line's discount that its corrections took back.
    const discountBack = (itemId: string) =>
      back(itemId).reduce((sum, r) => sum + Math.round((num(r.discount) ?? 0) * 100), 0);
    const shippingBack = corrections.some((r) => r.order_item_id === null);
    const options = { rateItems: orderItems, voucherCode: orderItems[0]?.voucher_code ?? null };
    const lines =
      invoice.kind === "correction"
        ? invoiceLinesOf(
            orderItems
              .map((i) => ({ ...i, quantity: quantityBack(i.id), discount: discountBack(i.id) / 100 }))
              .filter((i) => i.quantity > 0),
            shippingBack ? fee : 0,
            options,
          )
        : invoiceLinesOf(
            orderItems
              .map((i) => ({
                ...i,
                quantity: i.quantity - quantityBack(i.id),
                discount: (Math.round((num(i.discount) ?? 0) * 100) - discountBack(i.id)) / 100,
              }))
              .filter((i) => i.quantity > 0),
            shippingBack ? 0 : fee,
            options,
          );
    result.set(invoice.id, lines);
  }
  return result;
}

/** Everything the PDF prints; null when the viewer may not see it (RLS) or it does not exist. */
export async function getInvoiceDocument(tx: Tx, invoiceId: string) {
  const invoice = await tx
    .selectFrom("invoices")
    .select([
      ...SUMMARY,
      "cancels_invoice_id",
      "corrects_invoice_id",
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
      "customer_email",
      "salutation",
      "company",
      "vat_id",
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
  const referenced = invoice.cancels_invoice_id ?? invoice.corrects_invoice_id;
  const cancels = referenced
    ? await tx.selectFrom("invoices").select(["number", "issued_at"]).where("id", "=", referenced).executeTakeFirst()
    : undefined;
  const delivery = await deliveryOf(tx, invoice.order_id);
  // The server writes every invoice's snapshot at start (shop-settings.server.ts); one without is a bug.
  if (!invoice.seller || !invoice.vat_mode) throw new Error(`invoice ${invoice.number} has no seller snapshot`);
  const shippingFee = num(order.shipping_fee) ?? 0;
  const lines = (await linesOfInvoices(tx, [{ ...invoice, shipping_fee: shippingFee }])).get(invoice.id)!;
  const total = num(invoice.total_amount) ?? 0;
  return {
    ...summary(invoice),
    delivery: delivery ? deliveryLines(delivery) : null,
    supplyDate: invoice.supply_date,
    /** The invoice a Stornorechnung cancels or a Rechnungskorrektur corrects. */
    cancels: cancels ? { number: cancels.number, issuedAt: iso(cancels.issued_at) ?? "" } : null,
    order: { ...order, shipping_fee: shippingFee, created_at: iso(order.created_at) ?? "" },
    lines,
    seller: invoice.seller as unknown as InvoiceSeller,
    vatMode: (invoice.vat_mode === "small-business" ? "small-business" : "regular") as VatMode,
    settledAtIssue: await settledAtIssue(tx, { ...invoice, total }),
  };
}

/**
 * How much of a document's amount (as a positive sum) needs no more payment, as it stood when the
 * document was issued; the e-invoice states it as prepaid (BT-113), the rest as due (BT-115), so a
 * buyer's accounts payable does not pay an invoice twice.
 *
 * An invoice: what was received for the order up to its issue (payments less refunds, recorded in
 * the same transaction as the completion that issued it, so `created_at <= issued_at` holds),
 * capped at its total. An order with no payment recorded at all counts as paid in
 * full, as refundable_amount() treats orders completed before amounts were recorded. Later payments
 * never change an issued document.
 *
 * A credit note (Storno, Rechnungskorrektur): what is still to be paid back is the refund it opened
 * (a correction's own refund, a cancellation's refund of the whole order, both written in the
 * issuing transaction); the rest of its amount is settled without money moving (nothing was
 * received for it, or the money stays with an order set back to "Ausstehend").
 */
async function settledAtIssue(tx: Tx, invoice: { id: string; kind: string; total: number }) {
  const amount = Math.abs(invoice.total);
  const cap = (euros: number) => Math.min(amount, Math.max(0, Math.round(euros * 100) / 100));
  // Compared in SQL: a timestamp through JavaScript loses its microseconds.
  if (invoice.kind === "invoice") {
    const { rows } = await sql<{ received: string; recorded: boolean }>`
      select coalesce(sum(case when p.kind = 'payment' then p.amount else -p.amount end)
                        filter (where p.created_at <= i.issued_at), 0)::text as received,
             count(p.id) > 0 as recorded
        from public.invoices i
        left join public.order_payments p on p.order_id = i.order_id
       where i.id = ${invoice.id}::uuid`.execute(tx);
    return rows[0]?.recorded ? cap(Number(rows[0].received)) : amount;
  }
  const { rows } = await sql<{ refund: string | null }>`
    select (select r.amount::text from public.refunds r
             where r.order_id = i.order_id and r.created_at <= i.issued_at
               and case when i.kind = 'correction' then r.correction_invoice_id = i.id
                        else r.reason in ('withdrawal', 'cancellation') end
             order by r.created_at desc limit 1) as refund
      from public.invoices i
     where i.id = ${invoice.id}::uuid`.execute(tx);
  return Math.round((amount - cap(Number(rows[0]?.refund ?? 0))) * 100) / 100;
}

export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof getInvoiceDocument>>>;

/** The lines of an order's open (not cancelled) invoice and what of each is not returned yet. */
export async function returnableLines(tx: Tx, orderId: string): Promise<ReturnableLine[]> {
  const invoice = await tx
    .selectFrom("invoices as i")
    .select("i.id")
    .where("i.order_id", "=", orderId)
    .where("i.kind", "=", "invoice")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("invoices as s").select("s.id").whereRef("s.cancels_invoice_id", "=", "i.id"))),
    )
    .orderBy("i.issued_at", "desc")
    .executeTakeFirst();
  if (!invoice) return [];
  const { rows } = await sql<{
    id: string;
    item_title: string;
    quantity: number;
    price: string;
    discount: string;
    left: number;
  }>`
    select oi.id, oi.item_title, oi.quantity, oi.price::text, oi.discount::text, r.quantity as left
      from public.remaining_invoice_quantities(${invoice.id}::uuid) r
      join public.order_items oi on oi.id = r.order_item_id
     order by oi.item_title, oi.id`.execute(tx);
  // Participants of events still to come: after the event, who took part stays on record.
  const participants =
    rows.length === 0
      ? []
      : await tx
          .selectFrom("event_bookings as b")
          .leftJoin("events as e", "e.id", "b.event_id")
          .select(["b.id", "b.order_item_id", "b.first_name", "b.last_name"])
          .where(
            "b.order_item_id",
            "in",
            rows.map((r) => r.id),
          )
          .where(sql<boolean>`not public.has_ended(e.starts_at, e.ends_at)`)
          .orderBy("b.created_at")
          .orderBy("b.id")
          .execute();
  return rows.map((r) => ({
    itemId: r.id,
    title: r.item_title,
    bought: r.quantity,
    left: r.left,
    unitPrice: Number(r.price),
    discount: Number(r.discount),
    participants: participants
      .filter((p) => p.order_item_id === r.id)
      .map((p) => ({ id: p.id, name: `${p.first_name} ${p.last_name}` })),
  }));
}
