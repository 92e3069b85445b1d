import type { ListParams } from "~/lib/admin/list-params";
import type { Tx } from "~/server/db/db.server";
import type { Selectable } from "kysely";
import type { ContactMessagesTable } from "~/server/db/types.server";
import { iso, type Serialized } from "~/server/db/values.server";
import { pageOf } from "~/server/admin/paging.server";

/** Admin contacts (spec §7 "Admin contacts"): newest first, searchable by name; status new → read. */

const COLUMNS = ["id", "name", "email", "phone", "message", "status", "created_at"] as const;

export type ContactRow = Serialized<Pick<Selectable<ContactMessagesTable>, (typeof COLUMNS)[number]>>;

export async function listContactsAdmin(tx: Tx, params: ListParams) {
  return pageOf<ContactRow>(tx, "contacts", params, async (ids) => {
    const rows = await tx.selectFrom("contact_messages").select(COLUMNS).where("id", "in", ids).execute();
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  });
}

export async function getContactAdmin(tx: Tx, id: string): Promise<ContactRow | null> {
  const row = await tx.selectFrom("contact_messages").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? { ...row, created_at: iso(row.created_at) } : null;
}

export async function markContactRead(tx: Tx, id: string) {
  const result = await tx
    .updateTable("contact_messages")
    .set({ status: "read" })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
