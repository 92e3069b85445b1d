// Global setup for the "db" Vitest project:
//  1. a throwaway PostgreSQL 15 server (temp dir, random free port, stopped in teardown);
//  2. one migrated + seeded PGlite, dumped to a tarball so each test file starts from it quickly.
// Missing PostgreSQL binaries are an error, never a skip: the suite must prove both engines.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { migrate } from "../../app/server/db/migrate.server";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway server's `postgres` database. */
    pgUrl: string;
    /** Tarball of a migrated + seeded PGlite data dir (PGlite.create({ loadDataDir })). */
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startThrowawayPostgres();
  const dir = postgres.dir;
  project.provide("pgUrl", postgres.url);

  // PGlite template: migrate + seed once, dump the data dir.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(
    {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    },
    { localShim: true, seed: true, supabaseDir: fileURLToPath(new URL("../../supabase", import.meta.url)) },
  );
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dumpFile = path.join(dir, "pglite-template.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", dumpFile);

  return async () => {
    await postgres.stop();
  };
}
