import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The database as the cache sees it: one catalog_version number ("committed"), and inside a
// writing transaction the number that write produced ("inTransaction").
const db = vi.hoisted(() => ({ committed: 1, inTransaction: 1, down: false, checks: 0 }));

function fakeTx(version: () => number) {
  return {
    selectFrom: () => ({
      select: () => ({
        executeTakeFirst: async () => {
          if (db.down) throw new Error("connection refused");
          db.checks++;
          return { version: String(version()) };
        },
      }),
    }),
  };
}

vi.mock("~/server/db/db.server", () => ({
  ANON: { role: "anon" },
  withViewer: async (_viewer: unknown, fn: (tx: unknown) => Promise<unknown>) => fn(fakeTx(() => db.committed)),
}));

const { cachedCatalog, invalidateCatalog, resetCatalogCache } = await import("~/server/catalog/catalog-cache.server");

let loads = 0;
const read = () => cachedCatalog("catalogue:products", async () => ({ load: ++loads }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance"] });
  Object.assign(db, { committed: 1, inTransaction: 1, down: false, checks: 0 });
  loads = 0;
  resetCatalogCache();
});
afterEach(() => vi.useRealTimers());

describe("catalogue cache", () => {
  it("serves repeated reads from memory and checks the version at most once a second", async () => {
    expect(await read()).toEqual({ load: 1 });
    expect(await read()).toEqual({ load: 1 });
    expect(db.checks).toBe(1);
    vi.advanceTimersByTime(1100);
    expect(await read()).toEqual({ load: 1 });
    expect(db.checks).toBe(2);
  });

  it("reloads once another instance's write moved the version", async () => {
    await read();
    db.committed = 2; // written elsewhere
    expect(await read()).toEqual({ load: 1 }); // within the second: still the old copy
    vi.advanceTimersByTime(1100);
    expect(await read()).toEqual({ load: 2 });
    expect(await read()).toEqual({ load: 2 });
  });

  it("after an own write reads past the cache until the write is committed, then caches again", async () => {
    await read();
    db.inTransaction = 2;
    await invalidateCatalog(fakeTx(() => db.inTransaction) as never);
    // Not committed yet: every read goes to the database, nothing old is kept.
    expect(await read()).toEqual({ load: 2 });
    expect(await read()).toEqual({ load: 3 });
    db.committed = 2;
    expect(await read()).toEqual({ load: 4 });
    expect(await read()).toEqual({ load: 4 });
  });

  it("a failed version check fails the read, and the next read asks again", async () => {
    await read();
    vi.advanceTimersByTime(1100);
    db.down = true;
    await expect(read()).rejects.toThrow("connection refused");
    db.down = false;
    expect(await read()).toEqual({ load: 2 }); // nothing from before the outage is trusted
  });

  it("does not keep a failed load", async () => {
    await expect(cachedCatalog("catalogue:events", async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect(await cachedCatalog("catalogue:events", async () => "ok")).toBe("ok");
  });
});
