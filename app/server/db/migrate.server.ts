import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/** The smallest surface both engines offer: run a script, run a parameterised query. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface MigrateOptions {
  /** Folder holding `migrations/`, `local/` and `seed.sql`. */
  supabaseDir?: string;
  /** Off Supabase the roles and the `auth` schema come from `supabase/local/`. */
  localShim: boolean;
  /** Apply `seed.sql` once, on the first start of an empty database. */
  seed: boolean;
  log?: (message: string) => void;
}

export function defaultSupabaseDir() {
  return path.resolve(process.env.APP_ROOT ?? process.cwd(), "supabase");
}

async function sqlFiles(dir: string) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), "utf8") })));
}

/**
 * Applies what is new, in file-name order, each file in its own transaction together with its
 * record, in the same table the Supabase CLI uses so a project migrated here is recognised by
 * `supabase db push`. Several instances on one database call it under withMigrationLock.
 */
export async function migrate(db: SqlRunner, options: MigrateOptions) {
  const dir = options.supabaseDir ?? defaultSupabaseDir();
  const log = options.log ?? (() => {});

  if (options.localShim) {
    // The shim is idempotent (IF NOT EXISTS / DO blocks) and is applied on every start.
    for (const file of await sqlFiles(path.join(dir, "local"))) await db.exec(file.sql);
  }

  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, statements text[]);
    create table if not exists supabase_migrations.seed_files (
      path text primary key, hash text not null);
  `);

  const applied = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).map(
      (r) => r.version,
    ),
  );
  const pending = (await sqlFiles(path.join(dir, "migrations"))).filter((f) => !applied.has(versionOf(f.name)));
  // The seed belongs to the first start of an empty database. That start is marked before its
  // first migration, so a first start killed halfway is still seeded by the start that completes it.
  const SEED_PENDING = "pending";
  if (applied.size === 0 && options.seed) {
    await db.exec(
      `insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', '${SEED_PENDING}') on conflict do nothing`,
    );
  }
  const [seedRow] = await db.query<{ hash: string }>(
    "select hash from supabase_migrations.seed_files where path = 'supabase/seed.sql'",
  );
  const seedDue = seedRow?.hash === SEED_PENDING;

  for (const file of pending) {
    const version = versionOf(file.name);
    const name = file.name.replace(/^\d+_/, "").replace(/\.sql$/, "");
    // The file and its record commit together: a crash in between leaves neither, and the next
    // start applies the file again from the beginning.
    await db
      .exec(
        `begin;\n${file.sql}\n;\ninsert into supabase_migrations.schema_migrations (version, name) values (${literal(version)}, ${literal(name)});\ncommit;`,
      )
      .catch(async (error: unknown) => {
        await db.exec("rollback").catch(() => {});
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
      });
    log(`applied migration ${file.name}`);
  }

  let seeded = false;
  if (options.seed && seedDue) {
    const seedPath = path.join(dir, "seed.sql");
    const seedSql = await readFile(seedPath, "utf8").catch(() => null);
    if (seedSql) {
      await db
        .exec(
          `begin;\n${seedSql}\n;\ninsert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', md5(${literal(seedSql)})) on conflict (path) do update set hash = excluded.hash;\ncommit;`,
        )
        .catch(async (error: unknown) => {
          await db.exec("rollback").catch(() => {});
          throw error;
        });
      log("applied seed.sql");
      seeded = true;
    }
  }
  return { applied: pending.map((f) => f.name), seeded };
}

/** A SQL string literal (standard_conforming_strings is on in every supported PostgreSQL). */
function literal(value: string) {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Any fixed number; all instances of the shop on one database agree on it. */
const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so that of several instances starting at
 * once exactly one migrates and seeds; the others wait, then find nothing left to do. `db` must be
 * one session (a dedicated connection): the lock belongs to it and ends with it, also when the
 * process dies. Polls pg_try_advisory_lock instead of blocking in pg_advisory_lock, because the
 * pool's statement and query timeouts would cut a long wait short.
 */
export async function withMigrationLock<T>(
  db: SqlRunner,
  fn: () => Promise<T>,
  { log = () => {}, timeoutMs = 10 * 60_000 }: { log?: (message: string) => void; timeoutMs?: number } = {},
) {
  // Elapsed time, not a date: the monotonic clock.
  const deadline = performance.now() + timeoutMs;
  let waiting = false;
  for (;;) {
    const [row] = await db.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      MIGRATION_LOCK_KEY,
    ]);
    if (row.locked) break;
    if (!waiting) log("another instance is migrating the database; waiting for it");
    waiting = true;
    if (performance.now() > deadline) throw new Error("Timed out waiting for another instance's database migration.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await fn();
  } finally {
    await db.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}

function versionOf(fileName: string) {
  return fileName.split("_")[0];
}
