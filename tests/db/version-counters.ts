// What every one-row version counter (catalog_version, viewer_version, member_data_version) shares:
// everyone reads it, a write that does not concern it or is rolled back leaves it, and no API role
// may write it.
import { expect } from "vitest";
import type { Engine } from "./engines";

/** The counter as an anonymous visitor reads it. */
export async function counterVersion(engine: Engine, table: string) {
  const { rows } = await engine.asViewer("anon").query<{ version: string }>(`select version from public.${table}`);
  return Number(rows[0]!.version);
}

/**
 * `unrelated` (a write the counter must not follow) and a rolled-back membership leave it as it was;
 * a signed-in member's write to it is refused.
 */
export async function expectQuietAndServerOnly(engine: Engine, table: string, unrelated: string) {
  const member = await engine.createUser(`${table}-quiet-${Date.now()}@example.com`);
  const start = await counterVersion(engine, table);
  await engine.query(unrelated);
  await engine
    .asViewer("service_role")
    .tx((q) => q.query("insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [member]), {
      rollback: true,
    });
  expect(await counterVersion(engine, table)).toBe(start);
  const refused = await engine
    .asViewer("authenticated", member)
    .query(`update public.${table} set version = 0`)
    .then(
      () => null,
      (error: { code?: string }) => error.code,
    );
  expect(refused).toBe("42501");
}
