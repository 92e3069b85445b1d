import { ANON, withViewer, type Tx } from "~/server/db/db.server";
import { versionedCache } from "~/server/platform/versioned-cache.server";

/**
 * In-process cache of the public catalogue (events, courses, products, membership plans), so a
 * catalogue page view does not query the database (SSR throughput, BENCHMARKS.md).
 *
 * What it may hold: only what the anon role reads — every fill runs through withViewer(ANON), so
 * RLS decides what goes in. Signed-in viewers get the same data: the read policies of the tables
 * are `using (true)` for anon and authenticated alike, so nobody can read less than anon.
 *
 * Staying correct with several app instances on one PostgreSQL: every write to those tables
 * bumps `public.catalog_version` in the writing transaction (statement triggers, migrations
 * 20261123150000_catalog_version.sql and 20261125110000_plans_catalog_version.sql); how the cache
 * follows that counter is versioned-cache.server.ts. Public catalogue pages may be held by a CDN
 * for 60 s anyway (CACHE_POLICY.catalogue in cache-policy.server.ts).
 */
const catalog = versionedCache({
  checkAs: ANON,
  async readVersion(tx) {
    const row = await tx.selectFrom("catalog_version").select("version").executeTakeFirst();
    return BigInt(row?.version ?? 0);
  },
});

/** The cached value of `key`, loaded with `load` as the anon viewer when missing. */
export function cachedCatalog<T>(key: string, load: (tx: Tx) => Promise<T>): Promise<T> {
  return catalog.get(key, () => withViewer(ANON, load));
}

/**
 * The catalogue version a page rendered now is based on, or null while an own write is still
 * committing: the shared page cache (server/page-cache.ts) keys its entries on it, so a catalogue
 * write anywhere retires every cached page within a second. Rejects when the database cannot be asked.
 */
export const currentCatalogVersion = () => catalog.current();

/** The same without waiting; undefined when currentCatalogVersion() would have to ask first. */
export const catalogVersionNow = () => catalog.now();

/**
 * For admin writes to the catalogue: call inside the writing transaction, after the write. Drops
 * this instance's cache and bypasses it until the write is committed.
 */
export const invalidateCatalog = (tx: Tx) => catalog.invalidate(tx);

/** Tests: forget everything (as after a restart). */
export const resetCatalogCache = () => catalog.reset();
