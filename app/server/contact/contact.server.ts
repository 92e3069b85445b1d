import { sql } from "kysely";
import type { ContactInput } from "~/lib/schemas/contact";
import type { Tx } from "~/server/db/db.server";

/** The privacy page: "Wir löschen die Nachricht, wenn dein Anliegen erledigt ist, spätestens nach zwei Jahren". */
export const CONTACT_MESSAGE_YEARS = 2;

/**
 * Stores a contact message as the viewer (anon or signed in). RLS allows the insert but no read
 * back, so there is no RETURNING (spec §7: "Only the error is read").
 */
export async function insertContactMessage(tx: Tx, input: ContactInput) {
  await tx
    .insertInto("contact_messages")
    .values({
      name: input.name,
      email: input.email,
      // Spec §3: stored as null when empty.
      phone: input.phone ? input.phone : null,
      message: input.message,
    })
    .execute();
}

/** Messages older than CONTACT_MESSAGE_YEARS by the shop's clock are deleted (the daily data-retention job). */
export async function deleteOldContactMessages(tx: Tx) {
  const deleted = await tx
    .deleteFrom("contact_messages")
    .where("created_at", "<=", sql<Date>`public.shop_now() - make_interval(years => ${CONTACT_MESSAGE_YEARS})`)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
