import { queueEventReminders } from "~/server/catalog/attendee-mails.server";
import { loadCalendarSource } from "~/server/catalog/calendar.server";
import { shopNow } from "~/server/jobs/clock.server";
import type { JobHandler } from "~/server/jobs/jobs.server";

/** Job payload, set by the trigger that schedules it (migration 20261127100000_event_seats.sql). */
interface ReminderPayload {
  item_id: string;
  item_type: "event" | "course";
  /** The start (epoch seconds) the job was scheduled for: a moved event has a job of its own. */
  starts: number;
}

/**
 * Two days before an event or course begins (job kind "event-reminder"): one mail to every buyer
 * and registered participant, once per address and start, with the .ics attached.
 */
export const eventReminder: JobHandler = async (tx, job) => {
  const { item_id: itemId, item_type: itemType, starts } = job.payload as unknown as ReminderPayload;
  const item = await loadCalendarSource(tx, itemType === "course" ? "courses" : "events", itemId);
  // Deleted, or moved to another time (the job of the new start reminds then).
  if (!item || Math.round(Date.parse(item.starts_at) / 1000) !== starts) return;
  // Run late (a server down, a backlog): "bald ist es so weit" after the start would only confuse.
  if (Date.parse(item.starts_at) <= shopNow().getTime()) return;
  await queueEventReminders(tx, item, starts);
};
