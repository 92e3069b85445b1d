import { sql } from "kysely";
import { zipSync } from "fflate";
import { fiscalYearStart, readExportRange, type ExportRange } from "~/lib/admin/export-range";
import { berlinParts } from "~/lib/berlin-time";
import { orderNumber } from "~/lib/format";
import { invoiceSums, type InvoiceLine } from "~/lib/invoice";
import type { Tx } from "~/server/db/db.server";
import { num } from "~/server/db/values.server";
import { datevCsv, encodeDatev, type DatevBooking } from "~/server/orders/datev-format.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { getInvoiceDocument, invoiceLinesOf, type InvoiceDocument } from "~/server/orders/invoices.server";
import { shopNow } from "~/server/jobs/clock.server";
import { datevSettings, type DatevSettings } from "~/server/platform/operator.server";

/**
 * The accountant's export (/admin/export): the DATEV Buchungsstapel of a period and the ZIP of its
 * invoice PDFs. Each kind of booking has its own source, a function from its rows to bookings:
 * invoices and cancellation invoices (`invoiceBookings`), and refunds paid (`refundBookings`: Konto
 * debtor on "S", Gegenkonto the bank).
 *
 * Bookings run over the debtor account (Sammeldebitor, default 10000): an invoice debits it against
 * the revenue account of each VAT rate; a cancellation credits it. Payments are not exported: they
 * reach the accountant with the bank statement, which clears the debtor there.
 */

/** The period a request to /admin/export… names; without one, the shop's current Berlin month. */
export function exportRangeOf(request: Request) {
  const p = berlinParts(shopNow().toISOString());
  const today = `${p.year}-${p.month}-${p.day}`;
  return readExportRange(new URL(request.url).searchParams, today, datevSettings().fiscalYearStartMonth);
}

/** An invoice or cancellation invoice of the period, with the lines it books. */
export interface ExportInvoice {
  id: string;
  number: string;
  kind: "invoice" | "cancellation";
  orderId: string;
  /** The invoice date, a Berlin calendar day (YYYY-MM-DD): the Belegdatum. */
  issuedDay: string;
  supplyDate: string;
  /** Gross total in euros (negative on a cancellation invoice). */
  totalAmount: number;
  vatMode: "regular" | "small-business";
  /** The cancelled invoice's number (cancellations only). */
  cancels: string | null;
  lines: InvoiceLine[];
}

const issuedDay = sql<string>`to_char(i.issued_at at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;

/** Invoices and cancellation invoices issued in the period (Berlin days), in number order. */
export async function invoicesInRange(tx: Tx, range: Pick<ExportRange, "from" | "to">): Promise<ExportInvoice[]> {
  const rows = await tx
    .selectFrom("invoices as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .leftJoin("invoices as c", "c.id", "i.cancels_invoice_id")
    .select([
      "i.id",
      "i.number",
      "i.kind",
      "i.order_id",
      "i.total_amount",
      "i.vat_mode",
      "o.shipping_fee",
      "o.voucher_code",
      "c.number as cancels",
      issuedDay.as("issued_day"),
      sql<string>`to_char(i.supply_date, 'YYYY-MM-DD')`.as("supply_date"),
    ])
    .where(issuedDay, ">=", range.from)
    .where(issuedDay, "<=", range.to)
    .orderBy("i.number")
    .execute();
  if (rows.length === 0) return [];
  const items = await tx
    .selectFrom("order_items")
    .select(["order_id", "item_title", "quantity", "price", "vat_rate", "shipped", "discount"])
    .where("order_id", "in", [...new Set(rows.map((r) => r.order_id))])
    .orderBy("item_title")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind === "cancellation" ? "cancellation" : "invoice",
    orderId: r.order_id,
    issuedDay: r.issued_day,
    supplyDate: r.supply_date,
    totalAmount: num(r.total_amount) ?? 0,
    vatMode: r.vat_mode === "small-business" ? "small-business" : "regular",
    cancels: r.cancels ?? null,
    lines: invoiceLinesOf(
      items.filter((i) => i.order_id === r.order_id),
      num(r.shipping_fee) ?? 0,
      r.voucher_code,
    ),
  }));
}

/** The revenue account of a VAT rate (0: § 19 UStG, or a 0 % line). */
export function revenueAccount(settings: DatevSettings, rate: number) {
  if (rate === 19) return settings.accounts.revenue19;
  if (rate === 7) return settings.accounts.revenue7;
  if (rate === 0) return settings.accounts.revenue0;
  // The database allows 7 and 19 only (and 0 under § 19 UStG); a new rate needs its own account.
  throw new Error(`no DATEV revenue account for a VAT rate of ${rate} %`);
}

const rateText = (rate: number, mode: ExportInvoice["vatMode"]) =>
  mode === "small-business" ? "ohne USt (§ 19 UStG)" : `${rate} % USt`;

/**
 * Booking source "invoices": per invoice and VAT rate one booking of the gross amount of that rate
 * (the rates' sums are the PDF's, `invoiceSums`). Invoice: debtor on Soll, revenue on Haben;
 * cancellation invoice: the same accounts, debtor on Haben.
 */
export function invoiceBookings(invoices: ExportInvoice[], settings: DatevSettings): DatevBooking[] {
  return invoices.flatMap((invoice) => {
    const { rates, gross } = invoiceSums(invoice.lines, invoice.vatMode);
    // The booked sum must be the invoice's total; a difference would be a broken invoice, never rounded away.
    if (Math.round(gross * 100) !== Math.round(Math.abs(invoice.totalAmount) * 100)) {
      throw new Error(`invoice ${invoice.number}: lines sum to ${gross}, total is ${invoice.totalAmount}`);
    }
    const cancellation = invoice.kind === "cancellation";
    return rates
      .filter((rate) => rate.gross !== 0)
      .map((rate) => ({
        amountCents: Math.round(rate.gross * 100),
        side: cancellation ? ("H" as const) : ("S" as const),
        account: settings.accounts.debtor,
        contraAccount: revenueAccount(settings, rate.rate),
        date: invoice.issuedDay,
        document: invoice.number,
        text: cancellation
          ? `Storno ${invoice.number} zu ${invoice.cancels ?? ""}, ${rateText(rate.rate, invoice.vatMode)}`
          : `Rechnung ${invoice.number}, Best. ${orderNumber(invoice.orderId)}, ${rateText(rate.rate, invoice.vatMode)}`,
        serviceDate: invoice.supplyDate,
      }));
  });
}

export interface ExportRefund {
  id: string;
  orderId: string;
  /** The day it was paid (Belegdatum), YYYY-MM-DD. */
  paidDay: string;
  amount: number;
  /** The order's cancellation invoice (Belegfeld 1), or null when the order had no invoice. */
  cancellationNumber: string | null;
}

/** Refunds paid in the period (order_payments of kind refund, by their day). */
export async function refundsInRange(tx: Tx, range: Pick<ExportRange, "from" | "to">): Promise<ExportRefund[]> {
  const paidDay = sql<string>`to_char(p.booked_on, 'YYYY-MM-DD')`;
  const rows = await tx
    .selectFrom("order_payments as p")
    .select(["p.id", "p.order_id", "p.amount", paidDay.as("paid_day")])
    .select((eb) =>
      eb
        .selectFrom("invoices as c")
        .select("c.number")
        .whereRef("c.order_id", "=", "p.order_id")
        .where("c.kind", "=", "cancellation")
        .orderBy("c.issued_at", "desc")
        .limit(1)
        .as("cancellation_number"),
    )
    .where("p.kind", "=", "refund")
    .where(paidDay, ">=", range.from)
    .where(paidDay, "<=", range.to)
    .orderBy("p.booked_on")
    .orderBy("p.created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    paidDay: r.paid_day,
    amount: num(r.amount) ?? 0,
    cancellationNumber: r.cancellation_number ?? null,
  }));
}

/** Booking source "refunds": the money paid back leaves the bank and settles the debtor. */
export function refundBookings(refunds: ExportRefund[], settings: DatevSettings): DatevBooking[] {
  return refunds.map((refund) => ({
    amountCents: Math.round(refund.amount * 100),
    side: "S" as const,
    account: settings.accounts.debtor,
    contraAccount: settings.accounts.bank,
    date: refund.paidDay,
    document: refund.cancellationNumber ?? orderNumber(refund.orderId),
    text: `Erstattung Best. ${orderNumber(refund.orderId)}`,
  }));
}

/** The Buchungsstapel of a period as Windows-1252 bytes, with what it was built from. */
export async function datevExport(tx: Tx, range: ExportRange, settings: DatevSettings, created: Date) {
  const invoices = await invoicesInRange(tx, range);
  const refunds = await refundsInRange(tx, range);
  // Every source in one list: invoices and Stornos, then the refunds paid.
  const bookings = [...invoiceBookings(invoices, settings), ...refundBookings(refunds, settings)];
  const csv = datevCsv(
    {
      created,
      consultantNumber: settings.consultantNumber,
      clientNumber: settings.clientNumber,
      fiscalYearStart: fiscalYearStart(range.from, settings.fiscalYearStartMonth),
      accountLength: settings.accountLength,
      from: range.from,
      to: range.to,
      label: `Rechnungen ${range.shortLabel}`,
      frame: settings.frame,
    },
    bookings,
  );
  return { bytes: encodeDatev(csv), invoices, refunds, bookings };
}

/** The documents of the period's invoices (read in the transaction; rendering comes after). */
export async function invoiceDocumentsInRange(tx: Tx, range: ExportRange) {
  const invoices = await invoicesInRange(tx, range);
  const documents: InvoiceDocument[] = [];
  for (const invoice of invoices) {
    const document = await getInvoiceDocument(tx, invoice.id);
    if (document) documents.push(document);
  }
  return documents;
}

/** File name of an invoice in the ZIP: its number, and for a cancellation invoice the word. */
export const invoiceFileName = (document: Pick<InvoiceDocument, "number" | "kind">) =>
  `${document.number}${document.kind === "cancellation" ? "-Stornorechnung" : "-Rechnung"}.pdf`;

/** One PDF per invoice in a ZIP, stored uncompressed (PDFs are compressed already). */
export async function invoiceArchive(documents: InvoiceDocument[]) {
  const files: Record<string, Uint8Array> = {};
  for (const document of documents) files[invoiceFileName(document)] = await renderInvoicePdf(document);
  return Buffer.from(zipSync(files, { level: 0 }));
}
