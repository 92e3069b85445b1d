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
 * Applies what is new, in file-name order, each file in its own transaction, recorded in the same
 * table the Supabase CLI uses so a project migrated here is recognised by `supabase db push`.
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
  const firstRun = applied.size === 0;

  for (const file of pending) {
    const version = versionOf(file.name);
    await db.exec(`begin;\n${file.sql}\n;commit;`).catch(async (error: unknown) => {
      await db.exec("rollback").catch(() => {});
      throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
    });
    await db.query("insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)", [
      version,
      file.name.replace(/^\d+_/, "").replace(/\.sql$/, ""),
    ]);
    log(`applied migration ${file.name}`);
  }

  let seeded = false;
  if (options.seed && firstRun) {
    const seedPath = path.join(dir, "seed.sql");
    const seedSql = await readFile(seedPath, "utf8").catch(() => null);
    if (seedSql) {
      await db.exec(`begin;\n${seedSql}\n;commit;`);
      await db.query(
        "insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', md5($1)) on conflict do nothing",
        [seedSql],
      );
      log("applied seed.sql");
      seeded = true;
    }
  }
  return { applied: pending.map((f) => f.name), seeded };
}

function versionOf(fileName: string) {
  return fileName.split("_")[0];
}
