import { sql, type ControlledTransaction, type Kysely, type Transaction } from "kysely";
import { env } from "~/server/platform/env.server";
import { operator } from "~/server/platform/operator.server";
import { syncShopSettings } from "~/server/platform/shop-settings.server";
import { createDemoMember } from "~/server/members/demo-member.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { asUnavailable, DatabaseUnavailableError } from "~/server/db/unavailable.server";
import type { Database } from "~/server/db/types.server";

export type Tx = Transaction<Database>;
/** The transaction withViewer hands out: a `Tx` that can also set savepoints (`tx.savepoint(name)`). */
export type ViewerTx = ControlledTransaction<Database>;

/** Who a request acts as. The database decides what each may do (RLS, grants). */
export type Viewer =
  { role: "anon" } | { role: "authenticated"; userId: string; email: string } | { role: "service_role" };

export const ANON: Viewer = { role: "anon" };
export const SERVICE: Viewer = { role: "service_role" };

let opening: Promise<DatabaseHandle> | undefined;
/** Set by closeDatabase: a request still running during shutdown must not reopen (and relock) it. */
let closed = false;

/** Opens (and migrates) the database once per process; the server calls it at start. */
export function database(): Promise<DatabaseHandle> {
  if (closed)
    return Promise.reject(
      new DatabaseUnavailableError(new Error("The database is closed: the server is shutting down.")),
    );
  opening ??= openDatabase({
    databaseUrl: env().DATABASE_URL,
    dataDir: env().DATA_DIR,
    seed: env().SEED_DEMO_DATA === "true",
    localShim: env().authProvider === "local" || !env().DATABASE_URL,
  }).then(async (handle) => {
    // Prices (shipping fee) and invoices (seller, VAT mode) are decided in SQL from this row.
    await syncShopSettings(handle.db, { operator: operator(), shippingFee: env().shippingFee });
    // A newcomer sees member prices at once: the first start with demo data adds a demo member.
    if (handle.seeded && env().authProvider === "local") await createDemoMember(handle.db);
    return handle;
  });
  return opening;
}

export async function closeDatabase() {
  closed = true;
  if (!opening) return;
  // An open that failed (e.g. DATA_DIR in use) has nothing to close; its error was reported already.
  const handle = await opening.catch(() => undefined);
  opening = undefined;
  await handle?.close();
}

export function claimsOf(viewer: Viewer) {
  if (viewer.role === "authenticated") return { sub: viewer.userId, role: viewer.role, email: viewer.email };
  return { role: viewer.role };
}

/**
 * The one data path: a transaction in which Postgres sees the viewer exactly as Supabase's API
 * would (role + request.jwt.claims), so the same RLS policies decide on every engine.
 * Use only `tx` inside `fn`, and keep slow work (hashing, mail, HTTP) outside it.
 */
export async function withViewer<T>(viewer: Viewer, fn: (tx: ViewerTx) => Promise<T>): Promise<T> {
  try {
    const { db } = await database();
    return await viewerTransaction(db, viewer, fn);
  } catch (error) {
    // A database that is down or restarting becomes one error kind the pages answer with 503.
    throw asUnavailable(error);
  }
}

/**
 * Runs `fn` inside `tx` as the server role (service_role) and then switches back to the viewer's
 * role: for the one step of a viewer's transaction that the API roles may not do themselves
 * (queue a mail, read what a public SQL function must not tell the caller).
 */
export async function asService<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{
    previous: string;
  }>`select current_setting('role') as previous, set_config('role', 'service_role', true)`.execute(tx);
  const result = await fn();
  await sql`select set_config('role', ${rows[0].previous}, true)`.execute(tx);
  return result;
}

const commitHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` once the transaction `tx` has committed (never after a rollback): e.g. wake the mail
 * worker for a mail queued in it, which it could not see before the commit.
 */
export function afterCommit(tx: Tx, hook: () => void) {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(hook);
  else commitHooks.set(tx, [hook]);
}

/** withViewer on a given handle (the DB tests run it on both engines). */
export async function viewerTransaction<T>(
  db: Kysely<Database>,
  viewer: Viewer,
  fn: (tx: ViewerTx) => Promise<T>,
): Promise<T> {
  // A controlled transaction, so `fn` can set savepoints (tx.savepoint) around a step allowed to fail.
  const tx = await db.startTransaction().execute();
  let result: T;
  try {
    await sql`select set_config('role', ${viewer.role}, true), set_config('request.jwt.claims', ${JSON.stringify(claimsOf(viewer))}, true)`.execute(
      tx,
    );
    result = await fn(tx);
    await tx.commit().execute();
  } catch (error) {
    // Also after a failed commit: the connection is released only through rollback().
    await tx.rollback().execute();
    throw error;
  }
  for (const hook of commitHooks.get(tx) ?? []) {
    try {
      hook();
    } catch {
      // A hook only nudges or logs; the committed work stands either way.
    }
  }
  return result;
}
