import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { logger } from "~/server/platform/log.server";
import { migrate, withMigrationLock, type SqlRunner } from "~/server/db/migrate.server";
import { acquireDataDirLock } from "~/server/db/data-dir-lock.server";
import { makeDataDirPrivate } from "~/server/db/data-dir-modes.server";
import type { Database } from "~/server/db/types.server";

// numeric → number (prices are numeric(10,2)), bigint stays text unless cast in SQL (counts are ::int).
pg.types.setTypeParser(1700, (value) => Number(value));

export interface DatabaseHandle {
  engine: "pglite" | "postgres";
  db: Kysely<Database>;
  runner: SqlRunner;
  /** Runs `fn` on one session (PostgreSQL: a dedicated connection), e.g. to hold an advisory lock. */
  session<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  /** This start created the database and loaded the demo data (seed.sql). */
  seeded?: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Run pending migrations (and the seed on a new database). */
  migrate?: boolean;
  seed?: boolean;
  /** Off Supabase the local shim provides roles and the auth schema. */
  localShim?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPGlite(options.dataDir ?? "./.data");
  if (options.migrate !== false) {
    const log = (message: string) => logger.info(message);
    const { seeded } = await handle.session((runner) =>
      withMigrationLock(
        runner,
        () => migrate(runner, { localShim: options.localShim ?? true, seed: options.seed ?? true, log }),
        { log },
      ),
    );
    handle.seeded = seeded;
  }
  if (handle.engine === "pglite") {
    // From here on, statements outside withViewer run as a role without privileges
    // (on PostgreSQL the pool does the same for every new connection).
    await handle.runner.exec("set role authenticator");
  }
  return handle;
}

async function openPGlite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const isMemory = dataDir.startsWith("memory://");
  let releaseLock = async () => {};
  if (!isMemory) {
    const tightened = await makeDataDirPrivate(dataDir);
    if (tightened > 0) logger.info("DATA_DIR made private (0700/0600)", { dataDir, entries: tightened });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  // numeric as number, as on pg (prices are numeric(10,2)).
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, parsers: { 1700: (value) => Number(value) } });
  // A new database is unpacked with modes of PGlite's choosing (0666); what PostgreSQL writes later
  // follows the umask.
  if (!isMemory) await makeDataDirPrivate(dataDir);
  const runner: SqlRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
  return {
    engine: "pglite",
    // PGlite has one session: Kysely's dialect hands it to one caller at a time (a mutex, since the
    // adapter reports no multiple connections) and runs each transaction as pglite.transaction(),
    // so transactions never interleave. Inside withViewer use only `tx`: the outer `db` or
    // `runner` waits for that same session and deadlocks.
    db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }),
    runner,
    // One connection, and the DATA_DIR lock keeps every other process out.
    session: (fn) => fn(runner),
    close: async () => {
      await pglite.close();
      await releaseLock();
    },
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that is down or stuck must fail a request within seconds, never hang it:
    // connecting gives up after 5 s, a statement after 10 s (server side), and a reply that never
    // comes (dead host, frozen server) after 12 s (client side). No retries here: the page
    // answers 503 at once and the next request tries a fresh connection.
    connectionTimeoutMillis: 5_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
    idle_in_transaction_session_timeout: 30_000,
    keepAlive: true,
  });
  // A server restart or failover drops every connection. Idle ones report through the pool,
  // checked-out ones through their client: without a listener there, node-postgres's 'error'
  // event would crash the process. The broken client is discarded on release either way.
  pool.on("error", (error) => logger.warn("postgres idle connection lost", { error: error.message }));
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn("postgres connection lost", { error: error.message }));
  });
  const runner: SqlRunner = {
    exec: async (sql) => void (await pool.query(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
  };
  const handle: DatabaseHandle = {
    engine: "postgres",
    db: new Kysely<Database>({
      dialect: new PostgresDialect({
        pool,
        // Every pooled session starts as the privilege-less login role; withViewer switches from it.
        onCreateConnection: async (connection) => {
          await connection.executeQuery(CompiledQuery.raw("set role authenticator"));
        },
      }),
    }),
    runner,
    session: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // A session that failed may be mid-transaction or hold the lock: discard it, never reuse it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
  return handle;
}
