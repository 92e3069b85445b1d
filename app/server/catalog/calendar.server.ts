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

const BERLIN_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** An instant as Berlin wall-clock time, "20270314T100000". */
export function berlinLocal(iso: string) {
  const parts = Object.fromEntries(BERLIN_PARTS.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
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
