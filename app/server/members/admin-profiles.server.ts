import type { ListParams } from "~/lib/admin/list-params";
import type { Tx } from "~/server/db/db.server";
import { PROFILE_COLUMNS } from "~/server/members/members.server";
import type { Selectable } from "kysely";
import type { ProfilesTable } from "~/server/db/types.server";
import { iso, type Serialized } from "~/server/db/values.server";
import { pageOf } from "~/server/admin/paging.server";

/** Admin profiles (spec §7 "Admin profiles"): newest first, searchable by name and e-mail. */

const COLUMNS = ["id", ...PROFILE_COLUMNS] as const;

export type ProfileRow = Serialized<Pick<Selectable<ProfilesTable>, (typeof COLUMNS)[number]>>;

export async function listProfilesAdmin(tx: Tx, params: ListParams) {
  return pageOf<ProfileRow>(tx, "profiles", params, async (ids) => {
    const rows = await tx.selectFrom("profiles").select(COLUMNS).where("id", "in", ids).execute();
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }));
  });
}

export async function getProfileAdmin(tx: Tx, id: string): Promise<ProfileRow | null> {
  const row = await tx.selectFrom("profiles").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) } : null;
}
