import { sql } from "kysely";
import type { SessionUser } from "~/server/http/context.server";
import { SERVICE, withViewer, type Viewer } from "~/server/db/db.server";
import { realNow, shopNow } from "~/server/jobs/clock.server";
import { logger } from "~/server/platform/log.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { viewers } from "~/server/members/viewer-version.server";
import { viewerPricing, type ViewerPricing } from "~/lib/membership";

/**
 * What every page a member views needs to know of them, held in memory instead of read per request
 * (SSR throughput of signed-in pages, BENCHMARKS.md): whose session a cookie's id is, whether that
 * user is an admin, and which prices their membership grants.
 *
 * It follows `public.viewer_version` (migration 20261125120000_viewer_version.sql), which every
 * sign-out, session ended by a password change or reset, deleted account, membership change and
 * admin role change bumps: another instance's or plain SQL's change is seen within about a second
 * (versioned-cache.server.ts), this instance's own at once through `invalidateViewers(tx)`
 * (viewer-version.server.ts, where the store is).
 * Clock-bound facts (a session's end, a membership's end) expire by MAX_AGE_MS or their own end,
 * whichever comes first.
 *
 * Only the screens read from here. Every read and write of data still runs as the viewer through
 * RLS, and every price charged is decided by public.place_order from the tables themselves.
 */
const MAX_AGE_MS = 60_000;

/**
 * Time from `now` until `end` (an ISO date or a Date), capped at MAX_AGE_MS; the whole span without
 * an end. Sessions end on the real clock, memberships on the shop's.
 */
function maxAgeUntil(end: string | Date | null | undefined, now: Date) {
  if (!end) return MAX_AGE_MS;
  return Math.max(0, Math.min(MAX_AGE_MS, new Date(end).getTime() - now.getTime()));
}

/** The user a local session id belongs to while the session lasts, or null. */
export async function sessionUser(sessionId: string): Promise<SessionUser | null> {
  const load = () =>
    withViewer(SERVICE, (tx) =>
      tx
        .selectFrom("auth.sessions as s")
        .innerJoin("auth.users as u", "u.id", "s.user_id")
        .select(["u.id", "u.email", "s.not_after"])
        .where("s.id", "=", sessionId)
        .where("s.not_after", ">", sql<Date>`now()`)
        .executeTakeFirst(),
    );
  const key = `session:${sessionId}`;
  let row = await viewers.get(key, load, MAX_AGE_MS);
  // A session that ends within the cached span is asked about again at its end.
  if (row && maxAgeUntil(row.not_after, realNow()) === 0) row = await load();
  return row ? Object.freeze({ id: row.id, email: row.email ?? "" }) : null;
}

/**
 * is_admin(user_id) per spec. A failed check counts as not admin (and is not kept). It only gates
 * screens: every admin write is also checked by RLS in the database.
 */
export function isAdmin(userId: string): Promise<boolean> {
  return viewers
    .get(
      `admin:${userId}`,
      () =>
        withViewer(SERVICE, async (tx) => {
          const { rows } = await sql<{
            is_admin: boolean;
          }>`select public.is_admin(${userId}::uuid) as is_admin`.execute(tx);
          return rows[0]?.is_admin === true;
        }),
      MAX_AGE_MS,
    )
    .catch((error: Error) => {
      logger.error("admin check failed", { error: error.message });
      return false;
    });
}

/**
 * Which prices the signed-in viewer sees and the plan the header names (public.my_membership(),
 * read as the viewer). A failed read shows regular prices and is not kept.
 */
export async function pricingFor(viewer: Viewer): Promise<ViewerPricing> {
  if (viewer.role !== "authenticated") return viewerPricing(null);
  const key = `pricing:${viewer.userId}`;
  const load = () => withViewer(viewer, getMyMembership);
  try {
    let membership = await viewers.get(key, load, MAX_AGE_MS);
    if (membership?.active && maxAgeUntil(membership.until, shopNow()) === 0) membership = await load();
    return viewerPricing(membership);
  } catch (error) {
    logger.warn("membership failed to load", { error: (error as Error).message });
    return viewerPricing(null);
  }
}
