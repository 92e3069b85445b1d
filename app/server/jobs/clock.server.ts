import { sql } from "kysely";
import { berlinDay } from "~/lib/berlin-time";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";

/**
 * The shop's clock. Every date decision in business code reads `shopNow()` (SQL reads
 * `public.shop_now()`, the same clock): real time, plus an offset that only the end-to-end test
 * hook sets (POST /__e2e/clock), so "30 days before the end" is tested without waiting. The offset
 * lives in `public.shop_clock`, shared by every instance on one database; each instance keeps a copy
 * that its job worker refreshes.
 */
let skewMs = 0;

export function shopNow(): Date {
  return new Date(Date.now() + skewMs);
}

/** The shop's calendar year in Berlin: the footer's "© 2026" (the root loader gives it). */
export function shopYear(): number {
  return Number(berlinDay(shopNow()).slice(0, 4));
}

/** The test clock's offset from real time (0 but in end-to-end tests): part of a stored dashboard's key. */
export const shopClockSkewMs = () => skewMs;

/**
 * Real time, for what the test clock must not move: when a session's cookie runs out (the
 * database compares it with now()), leases and cache ages. Read here so every clock read is in one place.
 */
export function realNow(): Date {
  return new Date();
}

/** Sets the shop's clock to `now` (it runs on from there), or back to real time with null. */
export async function setShopClock(now: Date | null) {
  await withViewer(SERVICE, async (tx) => {
    if (now === null) {
      await tx.deleteFrom("shop_clock").execute();
      return;
    }
    await sql`
      insert into public.shop_clock (id, skew, set_at)
      values (true, ${now.toISOString()}::timestamptz - now(), now())
      on conflict (id) do update set skew = excluded.skew, set_at = excluded.set_at`.execute(tx);
  });
  await refreshShopClock();
  logger.info("shop clock set", { now: now?.toISOString() ?? "real time" });
}

/** Reads the offset the database holds (another instance may have set it). */
export async function refreshShopClock() {
  const row = await withViewer(SERVICE, async (tx) => {
    const { rows } = await sql<{ ms: number | string }>`
      select extract(epoch from skew) * 1000 as ms from public.shop_clock where id`.execute(tx);
    return rows[0];
  });
  skewMs = row ? Math.round(Number(row.ms)) : 0;
}
