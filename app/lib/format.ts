/**
 * de-DE formatting shared by server and browser (spec §1, §9).
 * Dates are always shown in the shop's time zone so the server render and the hydrated
 * client render agree whatever the machine's or visitor's zone is.
 */

export const SHOP_TIME_ZONE = "Europe/Berlin";

/**
 * '1.234,50 €' exactly as Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }) writes
 * an amount in cents, as prices and totals are (numeric(10,2), and sums of them; app/lib/format.test.ts
 * compares the two). Written by hand because the first Intl.NumberFormat of a page costs Chromium 156
 * 20–45 ms of ICU set-up on the main thread: a long task during hydration of every page that shows a
 * price (docs/decisions/0013-no-intl-number-format-in-the-browser.md).
 */
function euro(amount: number): string {
  const [euros, cents] = Math.abs(amount).toFixed(2).split(".");
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `${sign}${euros.replace(/\B(?=(\d{3})+$)/g, ".")},${cents}\u00a0€`;
}

// Made on first use: a page that shows no date pays no ICU set-up for one.
const DATE: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
};
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

type Amount = number | string | null | undefined;

/** Numbers from PostgreSQL `numeric` may arrive as strings ("12.50"); accept both. */
function toAmount(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return Number.isFinite(value) ? value : null;
}

/** A count with its noun: '1 Bestellung', '0 Bestellungen', '3 Bestellungen'. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '12,00 €' (with the non-breaking space U+00A0 Intl puts before €); 'Kein Preis' when missing. */
export function formatPrice(value: Amount): string {
  const amount = toAmount(value);
  if (amount === null) return "Kein Preis";
  return euro(amount);
}

/** Community price: exactly 0 is 'Inklusive', anything else like formatPrice. */
export function formatCommunityPrice(value: Amount): string {
  const amount = toAmount(value);
  if (amount === 0) return "Inklusive";
  return formatPrice(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const EMBEDDED_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

function parseTimestamp(value: string): Date | null {
  // Only timestamps: Date() reads free text leniently ("ab 01.04.2027" would become 4 January).
  if (!TIMESTAMP.test(value)) return null;
  // PostgreSQL's text form "2026-11-23 14:05:00+00" is not ISO; make it so.
  const normalised = value
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, "$1T$2")
    .replace(/([+-]\d{2})$/, "$1:00");
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 'dd.mm.yyyy'. A plain calendar date ("2026-11-23") is shown as written, never shifted by a time
 * zone; a timestamp is shown in the shop's zone. Anything unparsable is returned unchanged
 * (never 'Invalid Date').
 */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const trimmed = value.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return isValidCalendarDate(Number(y), Number(m), Number(d)) ? `${d}.${m}.${y}` : value;
  }
  const date = parseTimestamp(trimmed);
  if (date) return (dateFormat ??= new Intl.DateTimeFormat("de-DE", DATE)).format(date);
  // Free text ("ab 2027-09-12", "2027-09-12 – 2027-09-13"): ISO dates inside it read as dd.mm.yyyy.
  return value.replace(EMBEDDED_DATE, (match, y: string, m: string, d: string) =>
    isValidCalendarDate(Number(y), Number(m), Number(d)) ? `${d}.${m}.${y}` : match,
  );
}

/** 'dd.mm.yyyy, hh:mm' in the shop's time zone; a plain date falls back to formatDate. */
export function formatDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const trimmed = value.trim();
  if (DATE_ONLY.test(trimmed)) return formatDate(trimmed);
  const date = parseTimestamp(trimmed);
  return date
    ? (dateTimeFormat ??= new Intl.DateTimeFormat("de-DE", {
        ...DATE,
        hour: "2-digit",
        minute: "2-digit",
        hour12: false,
      })).format(date)
    : value;
}

/**
 * The order number people read and type: the order id's first 8 characters, lower case, the same
 * in the mail, on the confirmation page, in the dashboard, in the admin area and in withdrawals.
 */
export function orderNumber(id: string | null | undefined): string {
  if (!id) return "";
  return id.replace(/^#/, "").slice(0, 8).toLowerCase();
}

/** In lists the order number carries an ellipsis: it is a shortened id (spec §9). */
export function shortId(id: string | null | undefined): string {
  if (!id) return "";
  return `${orderNumber(id)}…`;
}
