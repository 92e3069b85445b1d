import type { ContactInput } from "~/lib/schemas/contact";
import type { Tx } from "~/server/db/db.server";

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
