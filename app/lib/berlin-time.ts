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
