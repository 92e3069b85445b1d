import { sql, type ControlledTransaction, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/server/db/types.server";

/**
 * A transaction as a viewer, on any database handle: who a request acts as, the role and claims
 * Postgres sees, hooks that run after the commit. db.server.ts runs it on the process's database
 * (`withViewer`) and exports all of this again; modules that db.server.ts itself runs while
 * opening the database (the shop settings) import it from here.
 */

export type Tx = Transaction<Database>;
/** The transaction withViewer hands out: a `Tx` that can also set savepoints (`tx.savepoint(name)`). */
export type ViewerTx = ControlledTransaction<Database>;

/** Who a request acts as. The database decides what each may do (RLS, grants). */
export type Viewer =
  { role: "anon" } | { role: "authenticated"; userId: string; email: string } | { role: "service_role" };

export const ANON: Viewer = { role: "anon" };
export const SERVICE: Viewer = { role: "service_role" };

export function claimsOf(viewer: Viewer) {
  if (viewer.role === "authenticated") return { sub: viewer.userId, role: viewer.role, email: viewer.email };
  return { role: viewer.role };
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
