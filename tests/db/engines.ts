// Runs every DB test on both engines the app supports: PGlite (embedded) and PostgreSQL 15.
// Each test file gets its own database: PGlite from the migrated template dump, PostgreSQL a fresh
// `t_<random>` database migrated with the app's own migrate().
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { migrate, type SqlRunner } from "../../app/server/db/migrate.server";

export const SUPABASE_DIR = fileURLToPath(new URL("../../supabase", import.meta.url));
export const ENGINES = ["pglite", "postgres15"] as const;
export type EngineName = (typeof ENGINES)[number];
export type Role = "anon" | "authenticated" | "service_role";
export type Row = Record<string, unknown>;
export interface Result<T = Row> {
  rows: T[];
  rowCount: number;
}
export interface Querier {
  query<T = Row>(sql: string, params?: unknown[]): Promise<Result<T>>;
}

// Same as the app: numeric(10,2) → number on both drivers.
pg.types.setTypeParser(1700, (value) => Number(value));

export interface Engine extends SqlRunner {
  name: EngineName;
  /** Superuser statement with its affected-row count. */
  run<T = Row>(sql: string, params?: unknown[]): Promise<Result<T>>;
  /**
   * Acts like withViewer: one transaction, set_config('role') + set_config('request.jwt.claims').
   * `query` commits each statement; `tx` runs several statements in one transaction and can roll
   * back (setup runs first as superuser inside the same transaction).
   */
  asViewer(
    role: Role,
    userId?: string | null,
  ): {
    query<T = Row>(sql: string, params?: unknown[]): Promise<Result<T>>;
    tx<T>(fn: (q: Querier) => Promise<T>, options?: { rollback?: boolean; setup?: string[] }): Promise<T>;
  };
  /** Inserts an auth user as superuser (fires on_auth_user_created); returns its id. */
  createUser(email: string, meta?: Record<string, string>): Promise<string>;
  makeAdmin(userId: string): Promise<void>;
  /** Runs migrate() again (shim + pending migrations, seed only on a new database). */
  migrateAgain(): Promise<{ applied: string[] }>;
  /**
   * PostgreSQL only: a separate connection logged in as `authenticator` (as the app does), for
   * concurrency tests. Each query runs in its own transaction as the given viewer.
   */
  connectAsViewer?(
    role: Role,
    userId?: string | null,
  ): Promise<Querier & { queryRaw(sql: string): Promise<Result>; close(): Promise<void> }>;
  close(): Promise<void>;
}

function claims(role: Role, userId?: string | null) {
  return JSON.stringify(userId ? { sub: userId, role, email: `${userId}@example.test` } : { role });
}
const SET_VIEWER = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

/** Serialises transactions on PGlite's single session (concurrent calls would interleave). */
function mutex() {
  let tail = Promise.resolve();
  return async <T>(fn: () => Promise<T>) => {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

async function openPGlite(): Promise<Engine> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const loadDataDir = new Blob([new Uint8Array(await readFile(inject("pgliteDump")))]);
  const db = await PGlite.create({
    loadDataDir,
    extensions: { pg_trgm },
    parsers: { 1700: (value: string) => Number(value) },
  });
  const lock = mutex();
  const run = <T>(sql: string, params?: unknown[]) =>
    lock(async () => {
      const r = await db.query<T>(sql, params);
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    });
  const querier: Querier = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await db.query<T>(sql, params);
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
  };
  const tx = <T>(
    role: Role,
    userId: string | null | undefined,
    fn: (q: Querier) => Promise<T>,
    rollback = false,
    setup: string[] = [],
  ) =>
    lock(async () => {
      await db.exec("begin");
      try {
        for (const statement of setup) await db.exec(statement);
        await db.query(SET_VIEWER, [role, claims(role, userId)]);
        const result = await fn(querier);
        await db.exec(rollback ? "rollback" : "commit");
        return result;
      } catch (error) {
        await db.exec("rollback");
        throw error;
      }
    });
  const engine: Engine = {
    name: "pglite",
    exec: (sql) => lock(async () => void (await db.exec(sql))),
    query: async <T>(sql: string, params?: unknown[]) => (await run<T>(sql, params)).rows,
    run,
    asViewer: (role, userId) => ({
      query: (sql, params) => tx(role, userId, (q) => q.query(sql, params)),
      tx: (fn, options) => tx(role, userId, fn, options?.rollback, options?.setup),
    }),
    createUser: (email, meta) => createUser(engine, email, meta),
    makeAdmin: (userId) => makeAdmin(engine, userId),
    migrateAgain: () => migrate(engine, { localShim: true, seed: true, supabaseDir: SUPABASE_DIR }),
    close: () => db.close(),
  };
  return engine;
}

async function openPostgres(): Promise<Engine> {
  const adminUrl = new URL(inject("pgUrl"));
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  const database = `t_${randomBytes(6).toString("hex")}`;
  await admin.query(`create database ${database}`);
  const dbUrl = new URL(adminUrl.href);
  dbUrl.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: dbUrl.href, max: 4 });
  // `drop database … with (force)` at close terminates backends that are still saying goodbye;
  // that late FATAL must not surface as an unhandled error.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {});
  const viewerUrl = new URL(dbUrl.href);
  viewerUrl.username = "authenticator";

  const run = async <T>(sql: string, params?: unknown[]) => {
    const r = await pool.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  const tx = async <T>(
    role: Role,
    userId: string | null | undefined,
    fn: (q: Querier) => Promise<T>,
    rollback = false,
    setup: string[] = [],
  ) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      try {
        for (const statement of setup) await client.query(statement);
        await client.query(SET_VIEWER, [role, claims(role, userId)]);
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) => {
            const r = await client.query(sql, params);
            return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
          },
        });
        await client.query(rollback ? "rollback" : "commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    } finally {
      client.release();
    }
  };
  const engine: Engine = {
    name: "postgres15",
    exec: async (sql) => void (await pool.query(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await run<T>(sql, params)).rows,
    run,
    asViewer: (role, userId) => ({
      query: (sql, params) => tx(role, userId, (q) => q.query(sql, params)),
      tx: (fn, options) => tx(role, userId, fn, options?.rollback, options?.setup),
    }),
    createUser: (email, meta) => createUser(engine, email, meta),
    makeAdmin: (userId) => makeAdmin(engine, userId),
    migrateAgain: () => migrate(engine, { localShim: true, seed: true, supabaseDir: SUPABASE_DIR }),
    connectAsViewer: async (role, userId) => {
      const client = new pg.Client({ connectionString: viewerUrl.href });
      client.on("error", () => {});
      await client.connect();
      return {
        query: async <R>(sql: string, params?: unknown[]) => {
          await client.query("begin");
          try {
            await client.query(SET_VIEWER, [role, claims(role, userId)]);
            const r = await client.query(sql, params);
            await client.query("commit");
            return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
          } catch (error) {
            await client.query("rollback");
            throw error;
          }
        },
        queryRaw: async (sql: string) => {
          const r = await client.query(sql);
          return { rows: r.rows, rowCount: r.rowCount ?? 0 };
        },
        close: () => client.end(),
      };
    },
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
  await migrate(engine, { localShim: true, seed: true, supabaseDir: SUPABASE_DIR });
  return engine;
}

async function createUser(engine: Engine, email: string, meta: Record<string, string> = {}) {
  const [row] = await engine.query<{ id: string }>(
    "insert into auth.users (email, raw_user_meta_data) values ($1, $2::jsonb) returning id",
    [email, JSON.stringify(meta)],
  );
  return row.id;
}

async function makeAdmin(engine: Engine, userId: string) {
  await engine.query("insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing", [
    userId,
  ]);
}

export function openEngine(name: EngineName) {
  return name === "pglite" ? openPGlite() : openPostgres();
}

/**
 * describe.each over both engines. The engine is opened once per engine block; tests read it
 * through the returned getter (beforeAll has run by then).
 */
export function describeEngines(title: string, body: (engine: () => Engine, name: EngineName) => void) {
  describe.each(ENGINES)(`${title} [%s]`, (name) => {
    let engine: Engine | undefined;
    beforeAll(async () => {
      engine = await openEngine(name);
    });
    afterAll(async () => {
      await engine?.close();
    });
    body(() => {
      if (!engine) throw new Error("engine not open");
      return engine;
    }, name);
  });
}

/** The SQLSTATE of a rejected promise (fails the test if it resolves). */
export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: String(e.code), message: String(e.message) };
  }
  expect.unreachable("expected the statement to fail");
  throw new Error("unreachable");
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}
