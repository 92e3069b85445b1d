// The embedded database's first start killed (kill -9) between migration files: the next start
// takes over the dead process's DATA_DIR lock, finishes the migrations and the seed, and serves.
// (The same on PostgreSQL is in multi-instance.test.ts.)
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { afterAll, expect, it } from "vitest";
import { startAppServer, TEST_SESSION_SECRET, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freePort } from "../../scripts/lib/throwaway-postgres.mjs";
import { freshDataDir } from "./support/data-dir";
import { withoutSoftHyphens } from "~/lib/hyphenation";

let dataDir: Awaited<ReturnType<typeof freshDataDir>> | undefined;
let server: AppServer | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  await dataDir?.remove();
});

it("kill -9 during the first start, between migration files: the next start completes", async () => {
  dataDir = await freshDataDir("first-start");
  const files = (await readdir("supabase/migrations")).filter((f) => f.endsWith(".sql"));
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_DIR: dataDir.dir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let applied = 0;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      applied += chunk.toString().split('"applied migration ').length - 1;
      if (applied > 0) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    child.once("exit", () => reject(new Error("the server exited before applying a migration")));
  });
  await exited;
  expect(applied, "the kill came after the last file").toBeLessThan(files.length);

  server = await startAppServer({
    stdio: "pipe",
    timeoutMs: 120_000,
    env: { DATA_DIR: dataDir.dir, LOG_LEVEL: "info" },
  });
  const output = server.output();
  const reapplied = output.split('"applied migration ').length - 1;
  // What the killed start recorded stays done (nothing is applied twice); the seed runs now.
  expect(reapplied).toBeLessThanOrEqual(files.length - applied);
  expect(output).toContain('"applied seed.sql"');
  const page = await fetch(`${server.base}/products`);
  expect(page.status).toBe(200);
  expect(withoutSoftHyphens(await page.text())).toContain("Dankbarkeitstagebuch");
  console.log(
    `PGlite first start killed after ${applied} of ${files.length} files; the next start applied ${reapplied} and was ready in ${server.startupMs} ms`,
  );
  expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ dataDir: dataDir.dir, extensions: { pg_trgm } });
  const recorded = await db.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations order by version",
  );
  await db.close();
  expect(recorded.rows.map((r) => r.version)).toEqual(files.sort().map((f) => f.split("_")[0]));
});
