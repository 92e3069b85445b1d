import { formatDate } from "~/lib/format";
import type { VatMode } from "~/lib/operator";

export interface InvoiceLine {
  title: string;
  quantity: number;
  /** Gross unit price in euros (catalogue prices include VAT). */
  unitPrice: number;
  /** 7 or 19 (percent). */
  vatRate: number;
  /**
   * When an event or a dated course of this line takes place, as ordered, or the term a membership
   * paid for, from when the payment started it (ISO instants; end may be null: Lifetime): its own
   * Leistungsdatum, not the invoice's. Absent for goods, vouchers, shipping.
   */
  service?: { startsAt: string; endsAt: string | null };
}

export interface RateSum {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * § 14 Abs. 4 Nr. 8 UStG: per rate the net amount and the tax. Prices are gross, so the tax is
 * taken out of each rate's gross sum once (not per line, which would add rounding differences):
 * net = round(gross / (1 + rate)), vat = gross − net, all in whole cents. Under § 19 UStG there
 * is no tax: one line with rate 0 and net = gross.
 */
export function invoiceSums(lines: InvoiceLine[], mode: VatMode) {
  const grossByRate = new Map<number, number>();
  for (const line of lines) {
    const rate = mode === "small-business" ? 0 : line.vatRate;
    grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + cents(line.unitPrice) * line.quantity);
  }
  const rates: RateSum[] = [...grossByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const net = Math.round((gross * 100) / (100 + rate));
      return { rate, net: net / 100, vat: (gross - net) / 100, gross: gross / 100 };
    });
  const total = (key: "net" | "vat" | "gross") => rates.reduce((sum, r) => sum + cents(r[key]), 0) / 100;
  return { rates, net: total("net"), vat: total("vat"), gross: total("gross") };
}

/** The documents of the gapless invoice series (migrations 20261124140000, 20261127140000). */
export type InvoiceKind = "invoice" | "cancellation" | "correction";

export const INVOICE_KIND_LABEL: Record<InvoiceKind, string> = {
  invoice: "Rechnung",
  cancellation: "Stornorechnung",
  correction: "Rechnungskorrektur",
};

export function invoiceKindOf(kind: string): InvoiceKind {
  return kind === "cancellation" || kind === "correction" ? kind : "invoice";
}

/** A document's kind in a list: "Rechnung", or what a Storno or a correction refers to. */
export function invoiceKindText(kind: string, refersTo: string | null) {
  const of = invoiceKindOf(kind);
  if (of === "invoice") return INVOICE_KIND_LABEL.invoice;
  return `${of === "cancellation" ? "Storno" : "Korrektur"} zu ${refersTo ?? "–"}`;
}

/** "3 Belege: 1 Rechnung, 1 Rechnungskorrektur, 1 Stornorechnung" (kinds without a document left out). */
export function documentCountText(kinds: string[]) {
  const count = (kind: InvoiceKind) => kinds.filter((k) => invoiceKindOf(k) === kind).length;
  const plural: Record<InvoiceKind, string> = {
    invoice: "Rechnungen",
    correction: "Rechnungskorrekturen",
    cancellation: "Stornorechnungen",
  };
  const parts = (["invoice", "correction", "cancellation"] as const)
    .filter((kind) => count(kind) > 0)
    .map((kind) => `${count(kind)} ${count(kind) === 1 ? INVOICE_KIND_LABEL[kind] : plural[kind]}`);
  const total = `${kinds.length} ${kinds.length === 1 ? "Beleg" : "Belege"}`;
  return parts.length > 0 ? `${total}: ${parts.join(", ")}` : total;
}

/**
 * A line's own Leistungsdatum as the invoice prints it under the line's title: the day its event or
 * course takes place, or the days from start to end (Berlin calendar days).
 */
export function serviceDateText(service: NonNullable<InvoiceLine["service"]>) {
  const start = formatDate(service.startsAt);
  const end = service.endsAt ? formatDate(service.endsAt) : start;
  return end === start ? `Leistungsdatum: ${start}` : `Leistungszeitraum: ${start} – ${end}`;
}

/**
 * The invoice's own Leistungsdatum (`supplyDate`, the day it was paid: goods, memberships, shipping),
 * or null when every line that is charged has a date of its own (a voucher's negative line has none).
 */
export function sharedSupplyDate(lines: InvoiceLine[], supplyDate: string): string | null {
  return lines.every((line) => line.service || line.unitPrice < 0) ? null : supplyDate;
}

/** What an order keeps of its buyer's billing address. */
export interface BillingAddress {
  company?: string | null;
  salutation?: string | null;
  customer_name: string;
  street?: string | null;
  zipcode?: string | null;
  city?: string | null;
  country?: string | null;
  vat_id?: string | null;
}

/**
 * The billing address as the invoice prints it, and the order page and mail repeat it: the company
 * and the buyer's VAT id (§ 14a UStG asks for it on some supplies; business buyers expect it) too.
 */
export function billingAddressLines(order: BillingAddress) {
  return [
    order.company ?? "",
    [order.salutation, order.customer_name].filter(Boolean).join(" "),
    order.street ?? "",
    `${order.zipcode ?? ""} ${order.city ?? ""}`.trim(),
    order.country ?? "",
    order.vat_id ? `USt-IdNr.: ${order.vat_id}` : "",
  ].filter(Boolean);
}
