import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "~/lib/format";

// The database as the viewer cache sees it: the viewer_version counter, the session rows
// (auth.sessions joined to auth.users) and each user's membership (public.my_membership()).
const db = vi.hoisted(() => ({
  version: 1,
  sessions: new Map<string, { id: string; email: string; not_after: Date }>(),
  memberships: new Map<string, Record<string, unknown> | null>(),
  reads: 0,
}));

vi.mock("~/server/db/db.server", () => ({
  SERVICE: { role: "service_role" },
  withViewer: async (viewer: { role: string; userId?: string }, fn: (tx: unknown) => Promise<unknown>) => {
    const tx = {
      selectFrom: (table: string) => {
        const query = {
          innerJoin: () => query,
          select: () => query,
          where: (column: string, _op: string, value: unknown) => {
            if (column === "s.id") query.sessionId = value as string;
            return query;
          },
          sessionId: "",
          executeTakeFirst: async () => {
            if (table === "viewer_version") return { version: String(db.version) };
            db.reads++;
            const row = db.sessions.get(query.sessionId);
            return row && row.not_after.getTime() > Date.now() ? row : undefined;
          },
        };
        return query;
      },
      // sql`select public.my_membership() as m` (getMyMembership) and sql`select public.is_admin(...)`.
      getExecutor: () => ({
        transformQuery: (node: unknown) => node,
        compileQuery: (node: unknown) => ({ sql: "", parameters: [], query: node }),
        executeQuery: async () => {
          db.reads++;
          return { rows: [{ m: db.memberships.get(viewer.userId ?? "") ?? null, is_admin: false }] };
        },
      }),
    };
    return fn(tx);
  },
}));

const { pricingFor, sessionUser } = await import("~/server/members/viewer-cache.server");
const { resetViewerCache } = await import("~/server/members/viewer-version.server");

const member = { role: "authenticated" as const, userId: "u1", email: "m@example.com" };
const yearlyUntil = (until: Date | null) => ({
  plan: "yearly",
  name: "Jahres",
  rank: 2,
  since: new Date().toISOString(),
  until: until?.toISOString() ?? null,
  active: until === null || until.getTime() > Date.now(),
  grants_community_price: until === null || until.getTime() > Date.now(),
  pending_plan: null,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance", "Date"] });
  db.version = 1;
  db.reads = 0;
  db.sessions.clear();
  db.memberships.clear();
  resetViewerCache();
});
afterEach(() => vi.useRealTimers());

describe("viewer cache", () => {
  it("answers a session's owner from memory until the viewer version moves", async () => {
    db.sessions.set("s1", { id: "u1", email: "m@example.com", not_after: new Date(Date.now() + 86_400_000) });
    expect(await sessionUser("s1")).toEqual({ id: "u1", email: "m@example.com" });
    expect(await sessionUser("s1")).toEqual({ id: "u1", email: "m@example.com" });
    expect(db.reads).toBe(1);
    // Signed out elsewhere: the row is gone and the counter moved; seen after the next check.
    db.sessions.delete("s1");
    db.version = 2;
    vi.advanceTimersByTime(1100);
    expect(await sessionUser("s1")).toBeNull();
  });

  it("asks again when a session ends by the clock, even while the version stands still", async () => {
    db.sessions.set("s2", { id: "u1", email: "m@example.com", not_after: new Date(Date.now() + 10_000) });
    expect(await sessionUser("s2")).not.toBeNull();
    vi.advanceTimersByTime(10_500);
    expect(await sessionUser("s2")).toBeNull();
  });

  it("shows member prices until the membership's end, then regular prices", async () => {
    const end = new Date(Date.now() + 20_000);
    db.memberships.set("u1", yearlyUntil(end));
    const planEnd = `endet am ${formatDate(end.toISOString())}`;
    expect(await pricingFor(member)).toEqual({ planName: "Jahres", memberPrices: true, planEnd });
    expect(await pricingFor(member)).toEqual({ planName: "Jahres", memberPrices: true, planEnd });
    expect(db.reads).toBe(1);
    vi.advanceTimersByTime(20_500);
    db.memberships.set("u1", yearlyUntil(new Date(Date.now() - 500)));
    expect(await pricingFor(member)).toEqual({ planName: null, memberPrices: false, planEnd: null });
  });

  it("a visitor needs no read at all", async () => {
    expect(await pricingFor({ role: "anon" })).toEqual({ planName: null, memberPrices: false, planEnd: null });
    expect(db.reads).toBe(0);
  });
});
