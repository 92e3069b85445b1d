import { createHmac, randomUUID } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { clearRateLimit, clearRateLimitsStartingWith, type RateLimitTier } from "~/server/http/rate-limit.server";
import { cookieDefaults } from "~/server/members/session.server";
import { env } from "~/server/platform/env.server";

/**
 * The known-device cookie. The per-address limit on failed sign-ins stops guessing, but anyone
 * who knows an address could use it to lock its owner out. A browser that has signed in to an
 * account before therefore carries a random device id and, per account, a tag (an HMAC of device
 * id and address with SESSION_SECRET, so the cookie names no address and fits no other browser
 * or account); its attempts for that account count in their own bucket.
 */
const KNOWN_DEVICE_DAYS = 365;
/** A shared computer may know a few accounts; the one signed in to longest ago drops out. */
const MAX_ACCOUNTS = 5;

type KnownDevice = { device: string; accounts: string[] };

let cookie: Cookie | undefined;
/** Sent with a member's shared pages too (member-view.server.ts). */
export const knownDeviceCookieName = "known_device";

function knownDeviceCookie() {
  cookie ??= createCookie(knownDeviceCookieName, { ...cookieDefaults(), maxAge: 60 * 60 * 24 * KNOWN_DEVICE_DAYS });
  return cookie;
}

function tagOf(secret: string, device: string, email: string) {
  return createHmac("sha256", secret).update(`known-device\n${device}\n${email}`).digest("base64url");
}

function isKnownDevice(value: unknown): value is KnownDevice {
  const candidate = value as Partial<KnownDevice> | null;
  return (
    typeof candidate?.device === "string" &&
    /^[0-9a-f-]{36}$/.test(candidate.device) &&
    Array.isArray(candidate.accounts) &&
    candidate.accounts.every((tag) => typeof tag === "string")
  );
}

async function readKnownDevice(request: Request) {
  const value: unknown = await knownDeviceCookie().parse(request.headers.get("Cookie"));
  return isKnownDevice(value) ? value : null;
}

/**
 * Where a sign-in attempt for `email` (trimmed, lower case) is counted: this browser's own bucket
 * when it has signed in to the account before, the address's shared one otherwise. Tags made with
 * an older secret of the list still count, so rotating SESSION_SECRET forgets no device.
 */
export async function signInAttemptBucket(
  request: Request,
  email: string,
): Promise<{ tier: RateLimitTier; key: string }> {
  const known = await readKnownDevice(request);
  if (known) {
    const tags = env().sessionSecrets.map((secret) => tagOf(secret, known.device, email));
    if (known.accounts.some((tag) => tags.includes(tag))) {
      return { tier: "signInFailuresPerKnownDevice", key: `${email} ${known.device}` };
    }
  }
  return { tier: "signInFailuresPerEmail", key: email };
}

/** The Set-Cookie after a successful sign-in: this browser is now known for `email`. */
export async function rememberDevice(request: Request, email: string) {
  const known = await readKnownDevice(request);
  const device = known?.device ?? randomUUID();
  const tag = tagOf(env().sessionSecrets[0]!, device, email);
  const others = (known?.accounts ?? []).filter((other) => other !== tag);
  return knownDeviceCookie().serialize({ device, accounts: [tag, ...others].slice(0, MAX_ACCOUNTS) });
}

/** A password reset lets the owner in at once, on every browser: all of the address's counters go. */
export async function clearSignInLimits(email: string) {
  await clearRateLimit("signInFailuresPerEmail", email);
  await clearRateLimitsStartingWith("signInFailuresPerKnownDevice", `${email} `);
}
