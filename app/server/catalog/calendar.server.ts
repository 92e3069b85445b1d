import { sql } from "kysely";
import { berlinParts } from "~/lib/berlin-time";
import { KIND_TEXT } from "~/lib/catalog/texts";
import type { Tx } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { realNow } from "~/server/jobs/clock.server";
import type { MailAttachment } from "~/server/mail/mail.server";

/**
 * One event as an iCalendar file (RFC 5545) with its times in Europe/Berlin: DTSTART and DTEND
 * carry TZID=Europe/Berlin, and the file holds the zone's definition (VTIMEZONE, the EU rules since
 * 1996), so a calendar shows 10:00 in Berlin whatever zone it runs in. The `ics` package writes UTC
 * only, which is why this small writer exists. Lines are folded at 75 octets, text is escaped.
 */
export interface CalendarEvent {
  /** Stable per event: the same UID updates the entry instead of adding a second one. */
  uid: string;
  /** Raised when time or place change, so calendars take the new version. */
  sequence: number;
  title: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string | null;
  location: string | null;
  url: string;
  description: string | null;
  /** When the file was made (ISO). */
  stamp: string;
}

const BERLIN = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** An instant as Berlin wall-clock time, "20270314T100000". */
export function berlinLocal(iso: string) {
  const p = berlinParts(iso);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
function fold(line: string) {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function calendarFile(event: CalendarEvent) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//BeHappy//Shop//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...BERLIN,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART;TZID=Europe/Berlin:${berlinLocal(event.startsAt)}`,
    ...(event.endsAt ? [`DTEND;TZID=Europe/Berlin:${berlinLocal(event.endsAt)}`] : []),
    `SUMMARY:${text(event.title)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    `URL:${event.url}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** What a calendar file needs of an event or course, read in the caller's transaction. */
export interface CalendarSource {
  kind: "events" | "courses";
  id: string;
  title: string;
  location: string | null;
  description: string | null;
  /** The free-text date and time the pages show ("ab 01.04.2027", "Dienstags 19:00 Uhr"). */
  date: string | null;
  time: string | null;
  starts_at: string;
  ends_at: string | null;
  calendar_sequence: number;
  /** Begun on the shop's clock. */
  past: boolean;
}

/** The event or course with a real start, or null (unknown, or only a free-text date). */
export async function loadCalendarSource(
  tx: Tx,
  kind: "events" | "courses",
  id: string,
): Promise<CalendarSource | null> {
  const row = await tx
    .selectFrom(`${kind} as item` as "events as item")
    .select(["item.id", "item.title", "item.location", "item.description", "item.starts_at", "item.ends_at"])
    .select(["item.date", "item.time"])
    .select(["item.calendar_sequence", sql<boolean>`item.starts_at <= public.shop_now()`.as("past")])
    .where("item.id", "=", id)
    .executeTakeFirst();
  if (!row?.starts_at) return null;
  return {
    kind,
    ...row,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at ? row.ends_at.toISOString() : null,
    past: row.past === true,
  };
}

export const calendarPath = (source: Pick<CalendarSource, "kind" | "id">) =>
  `${KIND_TEXT[source.kind].path}/${source.id}/kalender.ics`;

/**
 * A course that runs over several days, as a calendar entry. The data holds only the first start
 * and the last end (the admin form's "Beginn" and "Ende") and free text for the rest ("Dienstags
 * 19:00 Uhr", whose weekday need not even match the start): no rhythm and no session length, so a
 * weekly RRULE would be a guess, and one block from the first to the last day blocks weeks in the
 * reader's calendar. The entry is the first session: on the start day until the end's time of day
 * (the sessions' usual end; without one later than the start, no end is known and the entry has
 * none, which RFC 5545 reads as ending when it begins). The DESCRIPTION says the rest.
 * A course on one day, and every event (a retreat is one block), stay as they are.
 */
export function courseSession(
  source: Pick<CalendarSource, "kind" | "starts_at" | "ends_at" | "date" | "time" | "description">,
) {
  const whole = { startsAt: source.starts_at, endsAt: source.ends_at, description: source.description };
  if (source.kind !== "courses" || !source.ends_at) return whole;
  const start = berlinParts(source.starts_at);
  const end = berlinParts(source.ends_at);
  const day = (p: typeof start) => `${p.year}-${p.month}-${p.day}`;
  const clock = (p: typeof start) => `${p.hour}:${p.minute}:${p.second}`;
  if (day(start) === day(end)) return whole;
  // The start day's offset: a session between start and end time never spans the night's clock change.
  const endsAt =
    clock(end) > clock(start) ? new Date(`${day(start)}T${clock(end)}${start.offset}`).toISOString() : null;
  const schedule = [source.date, source.time]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
  const note = [
    `Erster Termin des Kurses. Der letzte Termin endet am ${end.day}.${end.month}.${end.year} um ${end.hour}:${end.minute} Uhr.`,
    ...(schedule ? [`Termine: ${schedule}`] : []),
    "Alle Termine stehen auf der Kursseite.",
  ].join("\n");
  return {
    startsAt: source.starts_at,
    endsAt,
    description: source.description ? `${note}\n\n${source.description}` : note,
  };
}

/** The calendar file of an event or course. */
export function calendarFileOf(source: CalendarSource) {
  const session = courseSession(source);
  return calendarFile({
    uid: `${source.kind}-${source.id}@behappy`,
    sequence: source.calendar_sequence,
    title: source.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    location: source.location,
    url: publicUrl(`${KIND_TEXT[source.kind].path}/${source.id}`),
    description: session.description,
    stamp: realNow().toISOString(),
  });
}

/** The calendar file as a mail attachment. */
export function calendarAttachment(source: CalendarSource, filename: string): MailAttachment {
  return {
    filename,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: Buffer.from(calendarFileOf(source)).toString("base64"),
  };
}

/** The events and courses of an order's lines that have a start still ahead, by line id. */
export async function upcomingOfLines(tx: Tx, lines: readonly { id: string; item_id: string; item_type: string }[]) {
  const found = new Map<string, CalendarSource>();
  for (const line of lines) {
    if (line.item_type !== "event" && line.item_type !== "course") continue;
    const source = await loadCalendarSource(tx, line.item_type === "event" ? "events" : "courses", line.item_id);
    if (source && !source.past) found.set(line.id, source);
  }
  return found;
}

/** "In den Kalender eintragen" per order line (the order confirmation page). */
export async function calendarLinks(tx: Tx, lines: readonly { id: string; item_id: string; item_type: string }[]) {
  const links: Record<string, string> = {};
  for (const [lineId, source] of await upcomingOfLines(tx, lines)) links[lineId] = calendarPath(source);
  return links;
}

/** The order mail's attachments: one calendar file per booked event or course with a start ahead. */
export async function calendarAttachments(
  tx: Tx,
  lines: readonly { id: string; item_id: string; item_type: string }[],
) {
  const sources = new Map([...(await upcomingOfLines(tx, lines)).values()].map((source) => [source.id, source]));
  return [...sources.values()].map((source, index) =>
    calendarAttachment(source, `${source.kind === "events" ? "veranstaltung" : "kurs"}-${index + 1}.ics`),
  );
}
