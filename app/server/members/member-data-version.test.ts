import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The database as the version check sees it: the committed member_data_version, and a way to hold
// a check in flight (it read the number, its answer has not arrived yet).
const db = vi.hoisted(() => ({ committed: 1, hold: null as Promise<void> | null, checks: 0 }));

vi.mock("~/server/db/db.server", () => ({
  SERVICE: { role: "service_role" },
  withViewer: async (_viewer: unknown, fn: (tx: unknown) => Promise<unknown>) =>
    fn({
      selectFrom: () => ({
        select: () => ({
          executeTakeFirst: async () => {
            db.checks++;
            const read = db.committed;
            if (db.hold) await db.hold;
            return { version: String(read) };
          },
        }),
      }),
    }),
}));

const { memberDataVersion, recheckMemberData, resetMemberDataVersion } = await import("./member-data-version.server");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance"] });
  Object.assign(db, { committed: 1, hold: null, checks: 0 });
  resetMemberDataVersion();
});
afterEach(() => vi.useRealTimers());

describe("member data version", () => {
  it("is read at most once a second, and again at once after a write request was answered", async () => {
    expect(await memberDataVersion()).toBe(1n);
    db.committed = 2;
    expect(await memberDataVersion()).toBe(1n);
    expect(db.checks).toBe(1);
    recheckMemberData();
    expect(await memberDataVersion()).toBe(2n);
    expect(db.checks).toBe(2);
    vi.advanceTimersByTime(1_001);
    db.committed = 3;
    expect(await memberDataVersion()).toBe(3n);
  });

  it("a check that began before a write was answered is not trusted: none this time, asked again next", async () => {
    expect(await memberDataVersion()).toBe(1n);
    vi.advanceTimersByTime(1_001);
    let release = () => {};
    db.hold = new Promise((resolve) => (release = resolve));
    // A dashboard request starts a check; it reads 1 before the member's write commits.
    const racing = memberDataVersion();
    await vi.waitFor(() => expect(db.checks).toBe(2));
    db.committed = 2;
    vi.advanceTimersByTime(5);
    recheckMemberData();
    db.hold = null;
    release();
    // Its answer may be older than the write: the page is rendered, not taken from the store.
    expect(await racing).toBeNull();
    expect(await memberDataVersion()).toBe(2n);
  });
});
