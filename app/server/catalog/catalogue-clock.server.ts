import { sql } from "kysely";
import type { JobHandler } from "~/server/jobs/jobs.server";

/**
 * The job scheduled at each event's or course's start (migration 20261127100000_event_seats.sql):
 * from now on the pages say "Vergangen" and refuse the booking, so every cached page and catalogue
 * snapshot is retired by bumping the catalogue version, as a catalogue write would.
 */
export const catalogueClock: JobHandler = async (tx) => {
  await tx
    .updateTable("catalog_version")
    .set({ version: sql`version + 1`, changed_at: sql`now()` })
    .where("id", "=", true)
    .execute();
};
