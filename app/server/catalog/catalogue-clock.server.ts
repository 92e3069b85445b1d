import { sql } from "kysely";
import { deleteFinishedWaitlists } from "~/server/catalog/waitlist.server";
import type { JobHandler } from "~/server/jobs/jobs.server";

/**
 * The job scheduled at each event's or course's start (migration 20261127100000_event_seats.sql):
 * from now on the pages say "Vergangen" and refuse the booking, so every cached page and catalogue
 * snapshot is retired by bumping the catalogue version, as a catalogue write would. Its waitlist
 * has served its purpose and is deleted.
 */
export const catalogueClock: JobHandler = async (tx) => {
  await tx
    .updateTable("catalog_version")
    .set({ version: sql`version + 1`, changed_at: sql`now()` })
    .where("id", "=", true)
    .execute();
  await deleteFinishedWaitlists(tx);
};
