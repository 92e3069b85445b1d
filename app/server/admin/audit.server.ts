import type { AuditEntry } from "~/lib/admin/audit";
import type { Tx } from "~/server/db/db.server";
import { iso } from "~/server/db/values.server";

/** The latest audit entries of one row (admins only, by RLS), newest first; a membership's row id is its member's user id. */
export async function auditFor(
  tx: Tx,
  table: "events" | "courses" | "products" | "orders" | "memberships",
  rowId: string,
  limit = 20,
): Promise<AuditEntry[]> {
  const rows = await tx
    .selectFrom("admin_audit_log")
    .select(["id", "action", "actor_email", "before", "after", "created_at"])
    .where("table_name", "=", table)
    .where("row_id", "=", rowId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor_email: row.actor_email,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    created_at: iso(row.created_at),
  }));
}
