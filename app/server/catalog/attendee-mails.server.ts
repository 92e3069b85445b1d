import { sql } from "kysely";
import { formatDateTime } from "~/lib/format";
import { KIND_TEXT, SCHEDULED_TEXT } from "~/lib/catalog/texts";
import { calendarAttachment, loadCalendarSource, type CalendarSource } from "~/server/catalog/calendar.server";
import type { Tx } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { greetingMail } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { accountAddress } from "~/server/members/accounts.server";
import { returnedSeats } from "~/server/catalog/attendees.server";

/**
 * Mails to the people who come to an event or course: every buyer of a pending or paid order with
 * it whose seats were not all taken back (their account address, not what was typed at checkout)
 * and each registered participant's address of such a line, once per address.
 */
export async function attendeeAddresses(tx: Tx, itemId: string) {
  const booked = tx
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .where("i.item_id", "=", itemId)
    .where("o.status", "<>", "cancelled")
    .where(sql<boolean>`${returnedSeats} < i.quantity`);
  const buyers = await booked.select("o.user_id").distinct().execute();
  const participants = await booked
    .innerJoin("event_bookings as b", "b.order_item_id", "i.id")
    .select("b.email")
    .execute();
  const addresses = new Set<string>();
  for (const { user_id } of buyers) {
    const account = user_id ? await accountAddress(tx, user_id) : null;
    if (account) addresses.add(account.email.toLowerCase());
  }
  for (const { email } of participants) addresses.add(email.trim().toLowerCase());
  return [...addresses].sort();
}

const itemTypeOf = (kind: CalendarSource["kind"]) => (kind === "courses" ? "course" : "event");
const fileNameOf = (kind: CalendarSource["kind"]) => (kind === "courses" ? "kurs.ics" : "veranstaltung.ics");

/** Queues one mail per attendee with the item's calendar file; `key` makes each one once. */
async function mailAttendees(
  tx: Tx,
  item: CalendarSource,
  mail: { subject: string; text: string; html: string },
  key: (to: string) => string,
) {
  const ics = calendarAttachment(item, fileNameOf(item.kind));
  const addresses = await attendeeAddresses(tx, item.id);
  for (const to of addresses) await enqueueMail(tx, { to, ...mail, attachments: [ics] }, { key: key(to) });
  return addresses.length;
}

const pageOf = (item: CalendarSource) => publicUrl(`${KIND_TEXT[item.kind].path}/${item.id}`);

/** " in Leipzig", but " online" and " online (Zoom)" (not "in Online"). */
const whereOf = (location: string | null) => {
  const place = location?.trim();
  if (!place) return "";
  const online = /^online\b\s*(.*)$/i.exec(place);
  return online ? ` online${online[1] ? ` ${online[1].replace(/^[,:–-]\s*/, "")}` : ""}` : ` in ${place}`;
};

/** The reminder: time, place, the page and the calendar file; no name anyone typed. */
export function eventReminderMail(input: {
  kind: CalendarSource["kind"];
  title: string;
  startsAt: string;
  location: string | null;
  link: string;
}) {
  const when = `${formatDateTime(input.startsAt)} Uhr`;
  return greetingMail(`Erinnerung: ${input.title} am ${when} – BeHappy`, "Bald ist es so weit", [
    // "bald", not "in zwei Tagen": an event booked or moved later than that is reminded at once.
    [`bald ist es so weit: „${input.title}“ beginnt am ${when}${whereOf(input.location)}.`],
    [
      "Alle Angaben findest du hier:",
      { href: input.link, label: SCHEDULED_TEXT[input.kind].pageLink, spelledOut: true },
    ],
    ["Die Kalenderdatei hängt an. Wir freuen uns auf dich!"],
  ]);
}

/** Two days before the start (job "event-reminder"), once per address and start. */
export async function queueEventReminders(tx: Tx, item: CalendarSource, starts: number) {
  const mail = eventReminderMail({
    kind: item.kind,
    title: item.title,
    startsAt: item.starts_at,
    location: item.location,
    link: pageOf(item),
  });
  return mailAttendees(tx, item, mail, (to) => `event-reminder:${item.id}:${starts}:${to}`);
}

export function eventChangeMail(item: Pick<CalendarSource, "kind" | "title" | "starts_at" | "location">, link: string) {
  const noun = item.kind === "courses" ? "Der Kurs" : "Die Veranstaltung";
  const when = `am ${formatDateTime(item.starts_at)} Uhr${whereOf(item.location)}`;
  return greetingMail(`Geändert: ${item.title} – BeHappy`, "Neue Zeit oder neuer Ort", [
    [`„${item.title}“ hat sich geändert: ${noun} findet jetzt ${when} statt.`],
    ["Alle Angaben findest du hier:", { href: link, label: SCHEDULED_TEXT[item.kind].pageLink, spelledOut: true }],
    [
      "Die neue Kalenderdatei hängt an: Öffnest du sie, ersetzt dein Kalender den alten Eintrag. Wenn du zum neuen Termin nicht kannst, antworte uns einfach auf diese E-Mail.",
    ],
  ]);
}

/**
 * After an admin changed the time or place of an event or course with bookings and said yes to
 * telling the attendees: one change mail each, with the calendar file of the new SEQUENCE. Once per
 * address and change (asking twice sends nothing new). Null: the item is gone or has no real start.
 */
export async function queueEventChangeMails(tx: Tx, kind: CalendarSource["kind"], id: string) {
  const item = await loadCalendarSource(tx, kind, id);
  if (!item) return null;
  const mail = eventChangeMail(item, pageOf(item));
  return mailAttendees(
    tx,
    item,
    mail,
    (to) => `event-change:${itemTypeOf(kind)}:${id}:${item.calendar_sequence}:${to}`,
  );
}

/**
 * To a participant an admin took off an event with a partial refund of its seats: the
 * registration is gone, so the reminders stop and nobody comes expecting a seat. The address was
 * typed by the buyer, so no name is used (docs/security.md).
 */
export function participantDroppedMail(input: { title: string; link: string }) {
  return greetingMail(`Anmeldung storniert: ${input.title} – BeHappy`, "Deine Anmeldung wurde storniert", [
    [
      `deine Anmeldung für „${input.title}“ wurde storniert: Der Platz, für den du angemeldet warst, wurde zurückgegeben.`,
    ],
    [
      "Möchtest du doch teilnehmen, sprich bitte mit der Person, die dich angemeldet hat, oder sieh nach freien Plätzen:",
      { href: input.link, label: SCHEDULED_TEXT.events.pageLink, spelledOut: true },
    ],
  ]);
}
