/**
 * A moment as a customer reads its day on the shop's pages and mails: dd.mm.yyyy in Berlin. The
 * tests' own formatter, not the app's, so a wrong date in the app cannot agree with itself.
 */
export function berlinDay(at: Date) {
  return new Intl.DateTimeFormat("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Berlin",
  }).format(at);
}
