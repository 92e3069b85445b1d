import { formatDateTime } from "~/lib/format";
import { KIND_TEXT } from "~/lib/catalog/texts";
import { calendarAttachment, loadCalendarSource } from "~/server/catalog/calendar.server";
import { publicUrl } from "~/server/http/urls.server";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { greetingMail } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { accountAddress } from "~/server/members/accounts.server";

/** Job payload, set by the trigger that schedules it (migration 20261127100000_event_seats.sql). */
interface ReminderPayload {
  item_id: string;
  item_type: "event" | "course";
  /** The start (epoch seconds) the job was scheduled for: a moved event has a job of its own. */
  starts: number;
}

/** The reminder: time, place, the page and the calendar file; no name anyone typed. */
export function eventReminderMail(input: { title: string; startsAt: string; location: string | null; link: string }) {
  const when = `${formatDateTime(input.startsAt)} Uhr`;
  return greetingMail(`Erinnerung: ${input.title} am ${when} – BeHappy`, "Bald ist es so weit", [
    [`in zwei Tagen beginnt „${input.title}“: am ${when}${input.location ? ` in ${input.location}` : ""}.`],
    ["Alle Angaben findest du hier:", { href: input.link, label: "Zur Veranstaltung", spelledOut: true }],
    ["Die Kalenderdatei hängt an. Wir freuen uns auf dich!"],
  ]);
}

/**
 * Two days before an event or course begins (job kind "event-reminder"): one mail to every buyer of
 * a pending or paid order with it (their account address) and to each registered participant's
 * address, once per address and start (the outbox's dedupe key), with the .ics attached.
 */
export const eventReminder: JobHandler = async (tx, job) => {
  const { item_id: itemId, item_type: itemType, starts } = job.payload as unknown as ReminderPayload;
  const kind = itemType === "course" ? "courses" : "events";
  const item = await loadCalendarSource(tx, kind, itemId);
  // Deleted, or moved to another time (the job of the new start reminds then).
  if (!item || Math.round(Date.parse(item.starts_at) / 1000) !== starts) return;

  const booked = tx
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .where("i.item_id", "=", itemId)
    .where("o.status", "<>", "cancelled");
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

  const mail = eventReminderMail({
    title: item.title,
    startsAt: item.starts_at,
    location: item.location,
    link: publicUrl(`${KIND_TEXT[kind].path}/${item.id}`),
  });
  const ics = calendarAttachment(item, `${itemType === "event" ? "veranstaltung" : "kurs"}.ics`);
  for (const to of addresses) {
    await enqueueMail(tx, { to, ...mail, attachments: [ics] }, { key: `event-reminder:${itemId}:${starts}:${to}` });
  }
};
