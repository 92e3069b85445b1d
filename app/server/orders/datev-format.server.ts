import iconv from "iconv-lite";
import { berlinParts } from "~/lib/berlin-time";

/**
 * The DATEV "Buchungsstapel" file (DATEV format EXTF, version 700, category 21, format version 13),
 * as DATEV Rechnungswesen and DATEV Unternehmen online import it. Pure: no database, no clock.
 *
 * Layout (docs/operations.md#datev-export has the same table for the operator):
 * - Windows-1252, fields separated by `;`, lines end in CRLF; text fields in double quotes (a quote
 *   inside doubled), numbers and dates without.
 * - Line 1, the header, 31 fields: "EXTF";700;21;"Buchungsstapel";13;created (YYYYMMDDHHMMSSFFF,
 *   Berlin time);;"RE" (origin);"" (exported by);"" (imported by);Beraternummer;Mandantennummer;
 *   WJ-Beginn (YYYYMMDD);Sachkontenlänge;Datum vom;Datum bis (YYYYMMDD);"Bezeichnung" (≤ 30);
 *   "" (Diktatkürzel);1 (Buchungstyp: Finanzbuchführung);0 (Rechnungslegungszweck);0 (Festschreibung:
 *   the accountant fixes the batch after checking it);"EUR";;"";;;"03"|"04" (SKR);;;"";"".
 * - Line 2: the 125 column names of format version 13 (DATEV_COLUMNS).
 * - Then one line per booking, 125 fields, of which we fill: Umsatz (gross, always positive, decimal
 *   comma, no thousands separator), Soll/Haben-Kennzeichen ("S" or "H", from the Konto's side), WKZ
 *   Umsatz ("EUR"), Konto, Gegenkonto (ohne BU-Schlüssel), Belegdatum (TTMM; the year is the header's),
 *   Belegfeld 1 (the invoice number, ≤ 36), Buchungstext (≤ 60) and Leistungsdatum (TTMMJJJJ).
 * - BU-Schlüssel stays empty: the revenue accounts (SKR03 8400/8300, SKR04 4400/4300) are DATEV
 *   "Automatikkonten" that split the tax out of the gross amount themselves.
 */
export const DATEV_COLUMNS = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Land (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Buchungs GUID",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Land u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
] as const;

type Column = (typeof DATEV_COLUMNS)[number];

/** One booking line: the Konto is booked on `side`, the Gegenkonto on the other. */
export interface DatevBooking {
  /** Gross amount in cents, > 0 (the direction is `side`, never the sign). */
  amountCents: number;
  side: "S" | "H";
  account: string;
  contraAccount: string;
  /** Belegdatum, YYYY-MM-DD (a Berlin calendar day). */
  date: string;
  /** Belegfeld 1: the invoice number. */
  document: string;
  text: string;
  /** Leistungsdatum, YYYY-MM-DD, if known. */
  serviceDate?: string;
}

export interface DatevBatch {
  created: Date;
  consultantNumber: number;
  clientNumber: number;
  /** YYYY-MM-DD */
  fiscalYearStart: string;
  accountLength: number;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** Bezeichnung of the batch (cut to 30 characters). */
  label: string;
  frame: "SKR03" | "SKR04";
}

/** A text field: quoted, inner quotes doubled, no line breaks, at most `max` characters. */
export function datevText(value: string, max?: number) {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return `"${(max ? flat.slice(0, max) : flat).replaceAll('"', '""')}"`;
}

/** 11900 → "119,00" (decimal comma, no thousands separator, as DATEV reads amounts). */
export function datevAmount(cents: number) {
  const abs = Math.abs(Math.round(cents));
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

const compact = (day: string) => day.replaceAll("-", "");
/** Belegdatum: "2026-11-03" → "0311". */
export const datevDayMonth = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}`;
/** Leistungsdatum: "2026-11-03" → "03112026". */
const datevFullDate = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

export function datevHeader(batch: DatevBatch) {
  const p = berlinParts(batch.created.toISOString());
  const created = `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${String(batch.created.getUTCMilliseconds()).padStart(3, "0")}`;
  return [
    datevText("EXTF"),
    "700",
    "21",
    datevText("Buchungsstapel"),
    "13",
    created,
    "",
    datevText("RE"),
    datevText(""),
    datevText(""),
    String(batch.consultantNumber),
    String(batch.clientNumber),
    compact(batch.fiscalYearStart),
    String(batch.accountLength),
    compact(batch.from),
    compact(batch.to),
    datevText(batch.label, 30),
    datevText(""),
    "1",
    "0",
    "0",
    datevText("EUR"),
    "",
    datevText(""),
    "",
    "",
    datevText(batch.frame === "SKR04" ? "04" : "03"),
    "",
    "",
    datevText(""),
    datevText(""),
  ].join(";");
}

const INDEX = new Map<Column, number>(DATEV_COLUMNS.map((name, i) => [name, i]));

export function datevRow(booking: DatevBooking) {
  if (!(booking.amountCents > 0)) throw new Error(`DATEV booking ${booking.document}: amount must be positive`);
  const cells: string[] = DATEV_COLUMNS.map(() => "");
  const set = (column: Column, value: string) => (cells[INDEX.get(column)!] = value);
  set("Umsatz (ohne Soll/Haben-Kz)", datevAmount(booking.amountCents));
  set("Soll/Haben-Kennzeichen", datevText(booking.side));
  set("WKZ Umsatz", datevText("EUR"));
  set("Konto", booking.account);
  set("Gegenkonto (ohne BU-Schlüssel)", booking.contraAccount);
  set("Belegdatum", datevDayMonth(booking.date));
  set("Belegfeld 1", datevText(booking.document, 36));
  set("Buchungstext", datevText(booking.text, 60));
  if (booking.serviceDate) set("Leistungsdatum", datevFullDate(booking.serviceDate));
  return cells.join(";");
}

/** The whole file as text (CRLF line ends); `encodeDatev` turns it into the bytes DATEV reads. */
export function datevCsv(batch: DatevBatch, bookings: DatevBooking[]) {
  for (const booking of bookings) {
    if (booking.date < batch.from || booking.date > batch.to) {
      throw new Error(`DATEV booking ${booking.document} on ${booking.date} lies outside the batch`);
    }
  }
  const lines = [datevHeader(batch), DATEV_COLUMNS.map((name) => datevText(name)).join(";"), ...bookings.map(datevRow)];
  return lines.join("\r\n") + "\r\n";
}

/** Windows-1252, the encoding DATEV's import expects (a character it lacks becomes "?"). */
export function encodeDatev(text: string): Buffer {
  return iconv.encode(text, "win1252");
}
