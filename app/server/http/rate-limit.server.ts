import { createHash } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { sql } from "kysely";
import { rateLimitClientKey } from "~/server/http/client-address.server";
import { requestMetaContext } from "~/server/http/context.server";
import { asService, SERVICE, withViewer, type Tx } from "~/server/db/db.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";

/**
 * Rate-limit tiers. Counters live in Postgres (rate_limit_hit), so every app instance enforces
 * one shared limit. Per-IP allowances scale with RATE_LIMIT_MULTIPLIER (test harnesses sign up
 * many members from one address); the per-e-mail failed sign-in limit never scales.
 */
export const RATE_LIMITS = {
  signInPerIp: { windowSeconds: 60, max: 20, scales: true },
  // Sign-in attempts per address, counted BEFORE the password is checked (so parallel guesses cannot
  // race past it) and cleared by a successful sign-in or password reset: in effect, failures.
  signInFailuresPerEmail: { windowSeconds: 15 * 60, max: 10, scales: false },
  // The same, for a browser that has signed in to the address before (the known-device cookie):
  // its attempts count apart from everyone else's, so strangers' guesses cannot lock it out.
  // Key: the address, a space, the browser's device id.
  signInFailuresPerKnownDevice: { windowSeconds: 15 * 60, max: 10, scales: false },
  signUpPerIp: { windowSeconds: 60 * 60, max: 10, scales: true },
  contactPerIp: { windowSeconds: 10 * 60, max: 5, scales: true },
  // Withdrawals (§ 356a) and cancellations (§ 312k) filed from one IP: their own allowance, so
  // contact messages never block the legal buttons.
  declarationPerIp: { windowSeconds: 10 * 60, max: 5, scales: true },
  newsletterPerIp: { windowSeconds: 10 * 60, max: 5, scales: true },
  waitlistPerIp: { windowSeconds: 10 * 60, max: 10, scales: true },
  checkoutPerIp: { windowSeconds: 60, max: 10, scales: true },
  // Guessing voucher codes: generous for a person trying a few, a wall for a script.
  voucherPerIp: { windowSeconds: 10 * 60, max: 30, scales: true },
  passwordResetPerIp: { windowSeconds: 60 * 60, max: 5, scales: true },
  // Reset mails to one address (silently dropped beyond: the page answers the same).
  passwordResetPerEmail: { windowSeconds: 60 * 60, max: 3, scales: false },
  // Confirmation links opened or re-requested from one IP.
  emailConfirmPerIp: { windowSeconds: 60 * 60, max: 20, scales: true },
  // Confirmation mails to one address ("Link erneut senden"; beyond it nothing is sent).
  accountMailPerEmail: { windowSeconds: 60 * 60, max: 3, scales: false },
  // Newsletter confirmation links and "already subscribed" notices to one address: the sign-up is
  // answered as always; beyond this nothing is stored or mailed (nobody fills a stranger's inbox,
  // and the links already mailed keep working).
  newsletterMailPerEmail: { windowSeconds: 60 * 60, max: 3, scales: false },
  // Receipts of withdrawals and cancellations to one address; the declaration is filed and its
  // receipt page shown as always, and the operator is told of each one. A signed-in member's own
  // receipt to their own address is not counted and never held back.
  declarationMailPerEmail: { windowSeconds: 60 * 60, max: 5, scales: false },
  // CSP violation reports (POST /csp-report, server/csp-report.ts): a page with a broken script
  // reports once per violation and page view; beyond this a browser (or a script) is only noise.
  cspReportPerIp: { windowSeconds: 60, max: 60, scales: true },
} as const;

export type RateLimitTier = keyof typeof RATE_LIMITS;

export const RATE_LIMIT_MESSAGE = "Zu viele Versuche. Bitte warte einen Moment und versuche es dann erneut.";

/** The 429 text with the wait in whole minutes (rounded up), e.g. "Bitte warte 14 Minuten …". */
export function rateLimitMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Zu viele Versuche. Bitte warte ${minutes === 1 ? "1 Minute" : `${minutes} Minuten`} und versuche es dann erneut.`;
}

function allowanceOf(tier: RateLimitTier) {
  const rule = RATE_LIMITS[tier];
  const max = rule.scales ? Math.max(1, Math.floor(rule.max * env().RATE_LIMIT_MULTIPLIER)) : rule.max;
  return { rule, max };
}

export async function hitRateLimit(tier: RateLimitTier, key: string) {
  return withViewer(SERVICE, (tx) => countHit(tx, tier, key));
}

/**
 * Counts one hit inside a transaction that is already open (a mail queued in it is sent only if
 * allowed; a rollback takes the hit back too), as the service role whoever the viewer is.
 */
export async function allowedWithin(tx: Tx, tier: RateLimitTier, key: string) {
  return (await asService(tx, () => countHit(tx, tier, key))).allowed;
}

async function countHit(tx: Tx, tier: RateLimitTier, key: string) {
  const { rule, max } = allowanceOf(tier);
  const { rows } = await sql<{ allowed: boolean; retry_after_seconds: number; hits: number }>`
    select allowed, retry_after_seconds,
           (select coalesce(max(hits), 0)::int from public.rate_limits where key = ${`${tier}:${key}`}) as hits
      from public.rate_limit_hit(${`${tier}:${key}`}, ${rule.windowSeconds}, ${max})`.execute(tx);
  const result = {
    allowed: rows[0]?.allowed ?? true,
    retryAfter: rows[0]?.retry_after_seconds ?? 0,
    hits: rows[0]?.hits ?? 0,
  };
  if (!result.allowed) logger.warn("rate limit hit", { tier, hits: result.hits, retryAfter: result.retryAfter });
  return result;
}

/**
 * A wrong password, logged once the provider said so (the attempt was counted before the check).
 * Per account, named by a hash: the log shows a guessing attack without the address.
 */
export function logFailedSignIn(bucket: { tier: RateLimitTier; key: string }, failures: number) {
  const account = accountTag(bucket.key.split(" ")[0]!);
  const knownDevice = bucket.tier === "signInFailuresPerKnownDevice";
  logger.warn("sign-in failed", { account, knownDevice, failures, windowMinutes: 15 });
}

/** A wrong current password in the account area: counted in the address's bucket and logged. */
export async function countFailedSignIn(email: string) {
  const bucket = { tier: "signInFailuresPerEmail" as const, key: email };
  logFailedSignIn(bucket, (await hitRateLimit(bucket.tier, bucket.key)).hits);
}

function accountTag(email: string) {
  return createHash("sha256").update(email).digest("hex").slice(0, 12);
}

/**
 * Counts one request from this client's IP. Over the limit: the German message with the wait and
 * the 429's init, for a form to answer with what was typed still in its fields; else null.
 */
export async function ipLimitRefusal(tier: RateLimitTier, context: Readonly<RouterContextProvider>) {
  const { ip } = context.get(requestMetaContext);
  const result = await hitRateLimit(tier, rateLimitClientKey(ip));
  if (result.allowed) return null;
  return {
    message: rateLimitMessage(result.retryAfter),
    init: { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
  };
}

/** Counts one request from this client's IP; over the limit it throws a 429 with a German message. */
export async function enforceIpLimit(tier: RateLimitTier, context: Readonly<RouterContextProvider>) {
  const refusal = await ipLimitRefusal(tier, context);
  if (refusal) throw data({ rateLimited: true, message: refusal.message }, refusal.init);
}

/**
 * A key already over its limit, without counting this look: the German message with the wait and
 * the 429's init (Retry-After), as `ipLimitRefusal` gives them; else null.
 */
export async function limitRefusal(tier: RateLimitTier, key: string) {
  const { rule, max } = allowanceOf(tier);
  const row = await withViewer(SERVICE, async (tx) => {
    const { rows } = await sql<{ hits: number; retry_after_seconds: number }>`
      select coalesce(sum(hits), 0)::int as hits,
             greatest(1, ceil(extract(epoch from
               min(window_start) + make_interval(secs => ${rule.windowSeconds}) - clock_timestamp())))::int
               as retry_after_seconds
        from public.rate_limits
       where key = ${`${tier}:${key}`} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`.execute(
      tx,
    );
    return rows[0];
  });
  if (!row || row.hits < max) return null;
  return {
    message: rateLimitMessage(row.retry_after_seconds),
    init: { status: 429, headers: { "Retry-After": String(row.retry_after_seconds) } },
  };
}

/** Forgets a key's hits (a successful sign-in or password reset clears the sign-in counter). */
export async function clearRateLimit(tier: RateLimitTier, key: string) {
  await withViewer(SERVICE, (tx) => tx.deleteFrom("rate_limits").where("key", "=", `${tier}:${key}`).execute());
}

/** Forgets every key of a tier that starts with `prefix` (all known-device counters of an address). */
export async function clearRateLimitsStartingWith(tier: RateLimitTier, prefix: string) {
  await withViewer(SERVICE, (tx) =>
    tx
      .deleteFrom("rate_limits")
      .where(sql<boolean>`starts_with(key, ${`${tier}:${prefix}`})`)
      .execute(),
  );
}
