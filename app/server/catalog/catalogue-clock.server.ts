import { sql } from "kysely";
import { deleteFinishedWaitlists } from "~/server/catalog/waitlist.server";
import type { JobHandler } from "~/server/jobs/jobs.server";

/**
 * The job scheduled at each event's or course's start and end (migrations 20261127100000_event_seats.sql,
 * 20261210110000_pages_turn_at_the_end_too.sql): from the start the pages say "Läuft bereits" and
 * refuse the booking, from the end "Vergangen", so every cached page and catalogue snapshot is
 * retired by bumping the catalogue version, as a catalogue write would. Its waitlist has served
 * its purpose and is deleted.
 */
export const catalogueClock: JobHandler = async (tx) => {
  await tx
    .updateTable("catalog_version")
    .set({ version: sql`version + 1`, changed_at: sql`now()` })
    .where("id", "=", true)
    .execute();
  await deleteFinishedWaitlists(tx);
};
