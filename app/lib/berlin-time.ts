const BERLIN_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

/** An instant's Berlin wall-clock fields, zero-padded, and its UTC offset ("+01:00" or "+02:00"). */
export function berlinParts(iso: string) {
  const p = Object.fromEntries(BERLIN_PARTS.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  const offset = p.timeZoneName === "GMT" ? "+00:00" : p.timeZoneName.replace("GMT", "");
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second, offset };
}

/** The Berlin calendar day of an instant, as YYYY-MM-DD (what a date input shows and sends). */
export function berlinDay(at: Date) {
  const p = berlinParts(at.toISOString());
  return `${p.year}-${p.month}-${p.day}`;
}

/** The last second of a Berlin calendar day (YYYY-MM-DD) as an instant: a deadline "bis zum" that day. */
export function berlinEndOfDay(day: string) {
  // The offset at noon is the day's evening offset too (clocks change at night, at 2 or 3 o'clock).
  const { offset } = berlinParts(`${day}T12:00:00Z`);
  return new Date(`${day}T23:59:59${offset}`);
}

/**
 * Whole Berlin calendar days from one instant to a later one: 1 from any time today to any time
 * tomorrow ("morgen"), whatever the hours; 0 on the same day. Daylight saving does not count.
 */
export function berlinDaysBetween(from: Date, to: Date) {
  return Math.round((Date.parse(berlinDay(to)) - Date.parse(berlinDay(from))) / 86_400_000);
}
