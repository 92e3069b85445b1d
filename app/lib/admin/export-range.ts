/**
 * The period of the accountant's export (/admin/export): a month (`monat=2026-11`) or a date range
 * (`von=2026-11-01&bis=2026-11-15`), both as Berlin calendar days. Without either, the shop's current
 * month. Isomorphic and pure: the page, the CSV and the ZIP read the same query string the same way.
 */
export interface ExportRange {
  /** First and last day, inclusive, as YYYY-MM-DD (Berlin calendar days). */
  from: string;
  to: string;
  /** The query string that names this period again (for the download links). */
  query: string;
  /** "November 2026" or "01.11.2026 – 15.11.2026". */
  label: string;
  /** The month (YYYY-MM) when the period is one, for the month picker. */
  month?: string;
  /** At most 30 characters, for the DATEV batch's Bezeichnung. */
  shortLabel: string;
}

export type ExportRangeResult = ({ ok: true } & ExportRange) | { ok: false; error: string; month: string };

const MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];

export const EXPORT_RANGE_ERRORS = {
  month: "Bitte wähle einen gültigen Monat.",
  date: "Bitte gib für „Von“ und „Bis“ gültige Daten an.",
  order: "„Von“ darf nicht nach „Bis“ liegen.",
  fiscalYear: "Der Zeitraum muss in einem Wirtschaftsjahr liegen (DATEV nimmt einen Stapel nur für ein Jahr an).",
} as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** A real calendar day as YYYY-MM-DD, or null (so 2026-02-30 is refused, not rolled over). */
export function parseDay(text: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((text ?? "").trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function lastDayOfMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The first day of the fiscal year that contains `day` (fiscal years start on the 1st of a month). */
export function fiscalYearStart(day: string, startMonth: number) {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${month >= startMonth ? year : year - 1}-${pad(startMonth)}-01`;
}

/**
 * Reads the period from the query. `today` is the shop's current Berlin day (YYYY-MM-DD), the
 * default month. A range must lie in one fiscal year: a DATEV Buchungsstapel carries dates as DDMM
 * and takes the year from its header, so one batch cannot span two (which also caps it at a year).
 */
export function readExportRange(params: URLSearchParams, today: string, fiscalStartMonth = 1): ExportRangeResult {
  const month = today.slice(0, 7);
  const von = params.get("von");
  const bis = params.get("bis");
  if (von || bis) {
    const from = parseDay(von);
    const to = parseDay(bis);
    if (!from || !to) return { ok: false, error: EXPORT_RANGE_ERRORS.date, month };
    if (from > to) return { ok: false, error: EXPORT_RANGE_ERRORS.order, month };
    if (fiscalYearStart(from, fiscalStartMonth) !== fiscalYearStart(to, fiscalStartMonth)) {
      return { ok: false, error: EXPORT_RANGE_ERRORS.fiscalYear, month };
    }
    return {
      ok: true,
      from,
      to,
      query: new URLSearchParams({ von: from, bis: to }).toString(),
      label: `${germanDay(from)} – ${germanDay(to)}`,
      shortLabel: `${germanDay(from).slice(0, 6)}-${germanDay(to)}`,
    };
  }
  const text = (params.get("monat") ?? month).trim();
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  const year = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || year < 2000 || m < 1 || m > 12) return { ok: false, error: EXPORT_RANGE_ERRORS.month, month };
  const from = `${text}-01`;
  const to = `${text}-${pad(lastDayOfMonth(year, m))}`;
  // A month always lies in one fiscal year: fiscal years start on the first of a month.
  return {
    ok: true,
    from,
    to,
    query: new URLSearchParams({ monat: text }).toString(),
    label: `${MONTHS[m - 1]} ${year}`,
    month: text,
    shortLabel: `${MONTHS[m - 1]} ${year}`,
  };
}
