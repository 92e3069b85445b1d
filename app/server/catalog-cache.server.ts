import { ANON, withViewer, type Tx } from "./db/db.server";

/**
 * In-process cache of the public catalogue (events, courses, products), so a catalogue page view
 * does not query the database (SSR throughput, BENCHMARKS.md).
 *
 * What it may hold: only what the anon role reads — every fill runs through withViewer(ANON), so
 * RLS decides what goes in. Signed-in viewers get the same data: the read policies of the three
 * tables are `using (true)` for anon and authenticated alike, so nobody can read less than anon.
 *
 * Staying correct with several app instances on one PostgreSQL: every write to the three tables
 * bumps `public.catalog_version` in the writing transaction (statement trigger, migration
 * 20261123150000_catalog_version.sql). Each instance re-reads that one row at most once per
 * VERSION_CHECK_MS and drops everything when it moved — so a change made anywhere (another
 * instance, the dashboard, SQL) is served everywhere within about a second, for one cheap query
 * per second instead of one per request. Chosen over LISTEN/NOTIFY because it needs no dedicated
 * connection, cannot miss a notification across a reconnect, and works the same on PGlite.
 * (Public catalogue pages may be held by a CDN for 60 s anyway, see CACHE_POLICY.catalogue in cache-policy.server.ts.)
 *
 * Read-your-writes on this instance: an admin write calls `invalidateCatalog(tx)` inside its
 * transaction; that drops the cache and remembers the version the write produced. Until a check
 * sees that version committed (or LOCAL_WRITE_GRACE_MS passed, e.g. after a rollback), reads go
 * to the database directly, so a request racing the commit cannot cache the old rows.
 */

const VERSION_CHECK_MS = 1000;
const LOCAL_WRITE_GRACE_MS = 5000;

let version: bigint | null = null;
let checkedAt = Number.NEGATIVE_INFINITY;
let checking: Promise<boolean> | undefined;
let entries = new Map<string, Promise<unknown>>();
let awaitingWrite: { version: bigint; until: number } | null = null;

async function readVersion(tx: Tx) {
  const row = await tx.selectFrom("catalog_version").select("version").executeTakeFirst();
  return BigInt(row?.version ?? 0);
}

/**
 * Re-reads the version when the last check is older than VERSION_CHECK_MS. False: read past the
 * cache for now (an own write is still committing). A failed check rejects, so a request during a
 * database outage fails once (the page shows its error state) instead of trying twice.
 */
function usable(): Promise<boolean> | boolean {
  if (performance.now() - checkedAt < VERSION_CHECK_MS && !awaitingWrite) return true;
  // One check at a time: concurrent requests wait for the same answer.
  checking ??= checkVersion().finally(() => (checking = undefined));
  return checking;
}

async function checkVersion(): Promise<boolean> {
  const started = performance.now();
  let current: bigint;
  try {
    current = await withViewer(ANON, readVersion);
  } catch (error) {
    // Nothing is served that could not be checked: the next request asks again.
    entries = new Map();
    version = null;
    throw error;
  }
  if (awaitingWrite) {
    if (current < awaitingWrite.version && started < awaitingWrite.until) return false;
    awaitingWrite = null;
  }
  if (current !== version) {
    entries = new Map();
    version = current;
  }
  checkedAt = started;
  return true;
}

/**
 * The cached value of `key`, loaded with `load` as the anon viewer when missing. A failed load is
 * not kept. Values are shared between requests: `load` should return frozen data.
 */
export async function cachedCatalog<T>(key: string, load: (tx: Tx) => Promise<T>): Promise<T> {
  if (!(await usable())) return withViewer(ANON, load);
  const map = entries;
  let hit = map.get(key) as Promise<T> | undefined;
  if (!hit) {
    const loading = withViewer(ANON, load);
    hit = loading;
    map.set(key, loading);
    loading.catch(() => {
      if (map.get(key) === loading) map.delete(key);
    });
  }
  return hit;
}

/**
 * The catalogue version a page rendered now is based on (checked at most once per
 * VERSION_CHECK_MS, like the cache above), or null while an own write is still committing: the
 * shared page cache (server/page-cache.ts) keys its entries on it, so a catalogue write anywhere
 * retires every cached page within a second. Rejects when the database cannot be asked.
 */
export async function currentCatalogVersion(): Promise<bigint | null> {
  if (!(await usable())) return null;
  return version;
}

/**
 * The catalogue version when it was checked within VERSION_CHECK_MS and no own write is
 * committing, without waiting; undefined when currentCatalogVersion() would have to ask first.
 */
export function catalogVersionNow(): bigint | undefined {
  if (awaitingWrite || version === null || performance.now() - checkedAt >= VERSION_CHECK_MS) return undefined;
  return version;
}

/**
 * For admin writes to events, courses or products: call inside the writing transaction, after the
 * write. Drops this instance's cache and bypasses it until the write is committed.
 */
export async function invalidateCatalog(tx: Tx) {
  // Not caught: a failed statement aborts the transaction, and the write must fail loudly then.
  const written = await readVersion(tx);
  entries = new Map();
  const until = performance.now() + LOCAL_WRITE_GRACE_MS;
  if (!awaitingWrite || written > awaitingWrite.version) awaitingWrite = { version: written, until };
  else awaitingWrite.until = until;
}

/** Tests: forget everything (as after a restart). */
export function resetCatalogCache() {
  entries = new Map();
  version = null;
  checkedAt = Number.NEGATIVE_INFINITY;
  awaitingWrite = null;
}
