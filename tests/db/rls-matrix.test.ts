// RLS + grants matrix: every table in public × viewer × statement, with the exact outcome.
//   ok    the statement affected / saw the fixture row
//   none  it ran but RLS hid the row (0 rows seen or affected)
//   42501 it was refused (no grant, or an INSERT/UPDATE row failed a policy's WITH CHECK)
// Each case runs in its own transaction that is rolled back, so cases are independent.
// A table missing here fails the "covers every table" test.
// The cases live in rls-matrix/, one file per domain.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, type Engine } from "./engines";
import { CATALOGUE_TABLES } from "./rls-matrix/catalogue";
import { fixtures, viewerOf } from "./rls-matrix/fixtures";
import { MEMBERS_TABLES } from "./rls-matrix/members";
import { MESSAGES_TABLES } from "./rls-matrix/messages";
import { OPS, VIEWERS, type Ids, type Op, type Outcome, type TableCase, type Viewer } from "./rls-matrix/matrix";
import { ORDERS_TABLES } from "./rls-matrix/orders";
import { PLATFORM_TABLES } from "./rls-matrix/platform";

const TABLES: Record<string, TableCase> = {
  ...PLATFORM_TABLES,
  ...CATALOGUE_TABLES,
  ...MEMBERS_TABLES,
  ...ORDERS_TABLES,
  ...MESSAGES_TABLES,
};

async function outcome(engine: Engine, ids: Ids, table: string, viewer: Viewer, op: Op): Promise<Outcome | string> {
  const t = TABLES[table];
  const [role, userId] = viewerOf(viewer, ids);
  let sql: string;
  let params: unknown[];
  let setup: string[] = [];
  switch (op) {
    case "select":
      sql = `select 1 from public.${table} where ${t.where}`;
      params = [t.key(ids)];
      break;
    case "insert":
      [sql, params] = t.insert(ids);
      setup = t.insertSetup?.(ids) ?? [];
      break;
    case "update":
      sql = `update public.${table} set ${t.set} where ${t.where}`;
      params = [t.key(ids)];
      break;
    case "delete":
      sql = `delete from public.${table} where ${t.where}`;
      params = [t.key(ids)];
      break;
  }
  try {
    const result = await engine.asViewer(role, userId).tx((q) => q.query(sql, params), { rollback: true, setup });
    return result.rowCount > 0 ? "ok" : "none";
  } catch (error) {
    const e = error as { code?: string; message?: string };
    // Anything but 42501 (e.g. a constraint error) is reported verbatim so the diff shows it.
    return e.code === "42501" ? "42501" : `${e.code}: ${e.message}`;
  }
}

describeEngines("RLS matrix", (engine) => {
  let ids: Ids;
  beforeAll(async () => {
    ids = await fixtures(engine());
  });

  it("covers every table in schema public", async () => {
    const rows = await engine().query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(Object.keys(TABLES).sort());
  });

  for (const table of Object.keys(TABLES)) {
    it(`${table}: select / insert / update / delete per viewer`, async () => {
      const actual: Record<string, (Outcome | string)[]> = {};
      for (const viewer of VIEWERS) {
        actual[viewer] = [];
        for (const op of OPS) actual[viewer].push(await outcome(engine(), ids, table, viewer, op));
      }
      expect(actual).toEqual(TABLES[table].expect);
    });
  }
});
