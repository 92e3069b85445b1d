import { sql } from "kysely";
import { ANON, withViewer } from "~/server/db/db.server";

export async function checkDatabase() {
  const started = performance.now();
  await withViewer(ANON, (tx) => sql`select 1`.execute(tx));
  return { ok: true, ms: Math.round(performance.now() - started) };
}
