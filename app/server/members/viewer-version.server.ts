import { SERVICE, type Tx } from "~/server/db/db.server";
import { versionedCache } from "~/server/platform/versioned-cache.server";

/**
 * The store behind the viewer cache, following `public.viewer_version` (migration
 * 20261125120000_viewer_version.sql), and `invalidateViewers(tx)`, the call every write of what it
 * holds makes. Kept apart from the cache's reads (viewer-cache.server.ts): those use the membership
 * queries, and the membership writes invalidate, so writers import only this module.
 */
export const viewers = versionedCache({
  checkAs: SERVICE,
  maxEntries: 20_000,
  async readVersion(tx) {
    const row = await tx.selectFrom("viewer_version").select("version").executeTakeFirst();
    return BigInt(row?.version ?? 0);
  },
});

/**
 * For writes to sessions, accounts, memberships or admin roles: call inside the writing
 * transaction, after the write. This instance reads past its cache until the write is committed.
 */
export const invalidateViewers = (tx: Tx) => viewers.invalidate(tx);

/** Tests: forget everything (as after a restart). */
export const resetViewerCache = () => viewers.reset();
