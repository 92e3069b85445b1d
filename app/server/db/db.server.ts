import { env } from "~/server/platform/env.server";
import { operator } from "~/server/platform/operator.server";
import { syncShopSettings } from "~/server/platform/shop-settings.server";
import { createDemoMember } from "~/server/members/demo-member.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { viewerTransaction, type Viewer, type ViewerTx } from "~/server/db/transaction.server";
import { asUnavailable, DatabaseUnavailableError } from "~/server/db/unavailable.server";

/**
 * The process's database: opened (and migrated) once, closed at shutdown, and `withViewer`, the
 * one data path on it. What runs inside a transaction (viewers, roles, commit hooks) is in
 * transaction.server.ts and is exported from here too, so app code imports this one module.
 */
export {
  afterCommit,
  ANON,
  asService,
  claimsOf,
  SERVICE,
  viewerTransaction,
  type Tx,
  type Viewer,
  type ViewerTx,
} from "~/server/db/transaction.server";

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
