import { withViewer, type Tx, type Viewer } from "~/server/db/db.server";

/**
 * An in-process cache that stays correct with several app instances on one database: a one-row
 * version counter, bumped by statement triggers in every transaction that writes what the cache
 * holds, is re-read at most once per VERSION_CHECK_MS, and everything is dropped when it moved.
 * So a change made anywhere (another instance, the dashboard, plain SQL) is seen everywhere within
 * about a second, for one cheap query per second instead of one per request. Chosen over
 * LISTEN/NOTIFY because it needs no dedicated connection, cannot miss a notification across a
 * reconnect, and works the same on PGlite.
 *
 * Read-your-writes on this instance: a write calls `invalidate(tx)` inside its transaction; that
 * drops the cache and remembers the version the write produced. Until a check sees that version
 * committed (or LOCAL_WRITE_GRACE_MS passed, e.g. after a rollback), reads go to the database
 * directly, so a request racing the commit cannot cache the old rows.
 *
 * Three instances: the public catalogue (catalog-cache.server.ts), who a session belongs to plus
 * what the page header needs of them (members/viewer-version.server.ts), and the version a member's
 * stored dashboard was rendered at (members/member-data-version.server.ts; it keeps no entries).
 */

const VERSION_CHECK_MS = 1000;
const LOCAL_WRITE_GRACE_MS = 5000;

interface Entry {
  value: Promise<unknown>;
  /** performance.now() after which the entry is loaded again (facts that expire by the clock). */
  until: number;
}

export interface VersionedCacheOptions {
  /** Reads the counter inside a transaction (the check's own, or the writer's in invalidate). */
  readVersion: (tx: Tx) => Promise<bigint>;
  /** The viewer the once-a-second check runs as (RLS decides whether it may read the counter). */
  checkAs: Viewer;
  /** Above this many entries the cache starts empty again (keys that grow with visitors). */
  maxEntries?: number;
}

export function versionedCache({ readVersion, checkAs, maxEntries = Number.POSITIVE_INFINITY }: VersionedCacheOptions) {
  let version: bigint | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<boolean> | undefined;
  let entries = new Map<string, Entry>();
  let awaitingWrite: { version: bigint; until: number } | null = null;
  /** When `recheck` was last called: a check that began before it may have read an older version. */
  let recheckFrom = Number.NEGATIVE_INFINITY;

  /**
   * Re-reads the version when the last check is older than VERSION_CHECK_MS. False: read past the
   * cache for now (an own write is still committing). A failed check rejects, so a request during
   * a database outage fails once (the page shows its error state) instead of trying twice.
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
      current = await withViewer(checkAs, readVersion);
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
    // A write answered while this check ran may be newer than what it read: past the cache this
    // time, and the next read asks again.
    if (started < recheckFrom) return false;
    checkedAt = started;
    return true;
  }

  return {
    /**
     * The cached value of `key`, loaded with `load` when missing or older than `maxAgeMs`. A failed
     * load is not kept. Values are shared between requests: `load` should return frozen data.
     */
    async get<T>(key: string, load: () => Promise<T>, maxAgeMs = Number.POSITIVE_INFINITY): Promise<T> {
      if (!(await usable())) return load();
      const map = entries;
      const hit = map.get(key);
      if (hit && hit.until > performance.now()) return hit.value as Promise<T>;
      if (map.size >= maxEntries) map.clear();
      const loading = load();
      map.set(key, { value: loading, until: performance.now() + maxAgeMs });
      loading.catch(() => {
        if (map.get(key)?.value === loading) map.delete(key);
      });
      return loading;
    },

    /**
     * The version a value read now is based on (checked at most once per VERSION_CHECK_MS), or
     * null while an own write is still committing. Rejects when the database cannot be asked.
     */
    async current(): Promise<bigint | null> {
      if (!(await usable())) return null;
      return version;
    },

    /**
     * The version when it was checked within VERSION_CHECK_MS and no own write is committing,
     * without waiting; undefined when current() would have to ask first.
     */
    now(): bigint | undefined {
      if (awaitingWrite || version === null || performance.now() - checkedAt >= VERSION_CHECK_MS) return undefined;
      return version;
    },

    /**
     * For writes to what the cache holds: call inside the writing transaction, after the write.
     * Drops this instance's cache and bypasses it until the write is committed.
     */
    async invalidate(tx: Tx) {
      // Not caught: a failed statement aborts the transaction, and the write must fail loudly then.
      const written = await readVersion(tx);
      entries = new Map();
      const until = performance.now() + LOCAL_WRITE_GRACE_MS;
      if (!awaitingWrite || written > awaitingWrite.version) awaitingWrite = { version: written, until };
      else awaitingWrite.until = until;
    },

    /**
     * The next read asks the database for the version first: for a writer that does not call
     * `invalidate` but is known to have committed (a write request this instance answered).
     */
    recheck() {
      recheckFrom = performance.now();
      checkedAt = Number.NEGATIVE_INFINITY;
    },

    /** Tests: forget everything (as after a restart). */
    reset() {
      entries = new Map();
      version = null;
      checkedAt = Number.NEGATIVE_INFINITY;
      awaitingWrite = null;
      recheckFrom = Number.NEGATIVE_INFINITY;
    },
  };
}
