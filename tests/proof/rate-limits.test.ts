// Rate limits across instances: two production servers on ONE throwaway PostgreSQL 15, with the
// real tiers (RATE_LIMIT_MULTIPLIER=1; the test harness default of 100000 is overridden). Requests
// alternate between the two processes, so each boundary holds only if the counters are shared.
//
// Client IP: server.mjs sets Express "trust proxy" from TRUST_PROXY (default "loopback"): the
// X-Forwarded-For header counts only when the connection comes from a loopback proxy. A real
// browser sends no such header, so the main cases send none (both servers see 127.0.0.1). The
// last case shows both sides of the trust rule: with TRUST_PROXY=false (server B) a forged header
// does not escape the limit; behind a trusted loopback proxy (server A) the forwarded address is
// the client.
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FORM_HEADERS,
  formBody,
  signInViaHook,
  startAppServer,
  type AppServer,
} from "../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { RATE_LIMITS } from "~/server/http/rate-limit.server";

/** The German 429 text names the wait in minutes. */
const RATE_LIMIT_TEXT = /Zu viele Versuche\. Bitte warte (1 Minute|\d+ Minuten) und versuche es dann erneut\./;
import { toastOf } from "./lib/hostile-harness";

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let serverA: AppServer;
let serverB: AppServer;
let db: pg.Client;
let turn = 0;

const PASSWORD = "proof-password-123";
const MEMBER = "rate-member@example.com";

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ maxConnections: 60 });
  const env = { DATABASE_URL: postgres.url, RATE_LIMIT_MULTIPLIER: "1", ARGON2_FAST: "true", LOG_LEVEL: "error" };
  // One after the other: the first one migrates and seeds the shared database.
  serverA = await startAppServer({ env, stdio: "pipe", timeoutMs: 120_000 });
  serverB = await startAppServer({ env: { ...env, TRUST_PROXY: "false" }, stdio: "pipe", timeoutMs: 120_000 });
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  await signInViaHook(serverA.base, MEMBER);
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await postgres?.stop();
});

/** Every scenario starts from empty counters (the tiers share the one client IP). */
beforeEach(async () => {
  await db.query("delete from public.rate_limits");
});

/** The next server, alternating A, B, A, … */
function next() {
  return turn++ % 2 === 0 ? serverA : serverB;
}

async function post(
  server: AppServer,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: server.base, ...headers },
    body: formBody(fields),
    redirect: "manual",
  });
  return { response, html: await response.text() };
}

/**
 * The tiers count in fixed windows (rate_limit_hit); a scenario that straddles a window boundary
 * would start counting again. Wait until the current window has `seconds` left.
 */
async function roomInWindow(windowSeconds: number, seconds: number) {
  const left = () => windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left() < seconds) await new Promise((resolve) => setTimeout(resolve, left() * 1000 + 500));
}

/** A 429 names the wait in minutes, and tells clients when to come back in seconds (Retry-After). */
function expectTooMany(result: { response: Response; html: string }) {
  expect(result.response.status).toBe(429);
  expect(result.html).toMatch(RATE_LIMIT_TEXT);
  const retryAfter = Number(result.response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
}

/** A signed-in buyer with one book in the cart: the session and cart cookies. */
async function buyerWithCart(email: string) {
  const session = await signInViaHook(serverA.base, email);
  const cartAnswer = await fetch(`${serverA.base}/cart`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: serverA.base, Cookie: session },
    body: formBody({
      intent: "add",
      itemId: "b0000000-0000-4000-8000-000000000001",
      itemType: "product",
      quantity: "1",
    }),
    redirect: "manual",
  });
  const cart = cartAnswer.headers
    .getSetCookie()
    .find((c) => c.startsWith("cart="))!
    .split(";")[0]!;
  return `${session}; ${cart}`;
}

describe("rate limits shared by two server processes", () => {
  it("sign-in: 20 attempts a minute from one IP for one e-mail, the 21st gets 429 with a German message", async () => {
    const rule = RATE_LIMITS.signInPerIp;
    expect(rule.max).toBe(20);
    await roomInWindow(rule.windowSeconds, 40);
    for (let attempt = 1; attempt <= rule.max; attempt++) {
      const { response } = await post(next(), "/auth", { intent: "signin", email: MEMBER, password: PASSWORD });
      expect(response.status, `attempt ${attempt}`).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
    const refused = await post(next(), "/auth", { intent: "signin", email: MEMBER, password: PASSWORD });
    expectTooMany(refused);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // The other process agrees: the counter lives in the shared database.
    expectTooMany(await post(next(), "/auth", { intent: "signin", email: "someone-else@example.com", password: "x" }));
  });

  it("failed sign-ins: 10 per e-mail in 15 minutes, then 429 even with the right password; other addresses unaffected", async () => {
    const rule = RATE_LIMITS.signInFailuresPerEmail;
    expect(rule.max).toBe(10);
    await roomInWindow(rule.windowSeconds, 60);
    for (let attempt = 1; attempt <= rule.max; attempt++) {
      const { response, html } = await post(next(), "/auth", {
        intent: "signin",
        email: MEMBER,
        password: `falsch-${attempt}`,
      });
      expect(response.status, `attempt ${attempt}`).toBe(400);
      expect(html).toContain("E-Mail oder Passwort ist falsch.");
    }
    // The address is matched without regard to case.
    expectTooMany(await post(next(), "/auth", { intent: "signin", email: MEMBER.toUpperCase(), password: PASSWORD }));
    const other = await post(next(), "/auth", {
      intent: "signin",
      email: "other-member@example.com",
      password: "falsch",
    });
    expect(other.response.status).toBe(400);
    expect(other.html).toContain("E-Mail oder Passwort ist falsch.");
  });

  it("sign-up: 10 an hour from one IP, then 429", async () => {
    const rule = RATE_LIMITS.signUpPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const signUp = (n: number) =>
      post(next(), "/auth?mode=signup", {
        intent: "signup",
        email: `rate-signup-${n}@example.com`,
        password: PASSWORD,
        firstName: "Rate",
        lastName: "Limit",
      });
    for (let n = 1; n <= rule.max; n++) expect((await signUp(n)).response.status, `sign-up ${n}`).toBe(302);
    const refused = await signUp(rule.max + 1);
    expectTooMany(refused);
    // The sign-up form comes back with the typed address, never the password.
    expect(refused.html).toContain(`value="rate-signup-${rule.max + 1}@example.com"`);
    expect(refused.html).not.toContain(PASSWORD);
  });

  it("contact: 5 messages per 10 minutes from one IP, then 429, and the 6th is not stored", async () => {
    const rule = RATE_LIMITS.contactPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const send = (n: number) =>
      post(next(), "/contact", { name: "Rate Limit", email: "rate@example.com", message: `Nachricht ${n}` });
    for (let n = 1; n <= rule.max; n++) expect((await send(n)).response.status, `message ${n}`).toBe(302);
    const refused = await send(rule.max + 1);
    expectTooMany(refused);
    // The form comes back with what was typed.
    expect(refused.html).toContain("Nachricht 6</textarea>");
    expect(refused.html).toContain('value="rate@example.com"');
    // A message the form refuses (no address) is answered at its field, not with the limit.
    const invalid = await post(next(), "/contact", { name: "Rate Limit", email: "", message: "Ohne Adresse" });
    expect(invalid.response.status).toBe(400);
    const stored = await db.query<{ n: number }>(
      "select count(*)::int as n from public.contact_messages where email = 'rate@example.com'",
    );
    expect(stored.rows[0]!.n).toBe(rule.max);
  });

  it("newsletter: 5 sign-ups per 10 minutes from one IP, then a German error (429 for script requests)", async () => {
    const rule = RATE_LIMITS.newsletterPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const subscribe = (n: number, js = false) =>
      post(next(), "/newsletter", {
        email: `rate-news-${n}@example.com`,
        redirectTo: "/",
        ...(js ? { _js: "1" } : {}),
      });
    for (let n = 1; n <= rule.max; n++) {
      const { response } = await subscribe(n);
      expect(response.status, `sign-up ${n}`).toBe(302);
      expect(
        toastOf({ status: 302, location: null, html: "", contentType: "", setCookies: response.headers.getSetCookie() })
          ?.type,
      ).toBe("success");
    }
    // Without JavaScript the newsletter page answers 429 with the notice and the typed address …
    const plain = await subscribe(rule.max + 1);
    expectTooMany(plain);
    expect(plain.html).toContain(`value="rate-news-${rule.max + 1}@example.com"`);
    // … with JavaScript the answer is a 429 carrying the error toast.
    const scripted = await subscribe(rule.max + 2, true);
    expect(scripted.response.status).toBe(429);
    const stored = await db.query<{ n: number }>(
      "select count(*)::int as n from public.newsletter_subscriptions where email like 'rate-news-%'",
    );
    expect(stored.rows[0]!.n).toBe(rule.max);
  });

  it("cancellations (§ 312k): their own 5 per 10 minutes, not blocked by contact messages; the 6th keeps the form", async () => {
    const rule = RATE_LIMITS.declarationPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    // The contact form's allowance is used up first: the legal button must not depend on it.
    for (let n = 1; n <= RATE_LIMITS.contactPerIp.max + 1; n++) {
      await post(next(), "/contact", { name: "Rate Limit", email: "rate@example.com", message: `Vorab ${n}` });
    }
    const cancel = (n: number) =>
      post(next(), "/vertrag-kuendigen", {
        kind: "ordentlich",
        name: `Kündigung ${n}`,
        email: `rate-cancel-${n}@example.com`,
      });
    for (let n = 1; n <= rule.max; n++) expect((await cancel(n)).response.status, `cancellation ${n}`).toBe(302);
    const refused = await cancel(rule.max + 1);
    expectTooMany(refused);
    expect(refused.html).toContain(`value="rate-cancel-${rule.max + 1}@example.com"`);
    const stored = await db.query<{ n: number }>(
      "select count(*)::int as n from public.contract_cancellations where email like 'rate-cancel-%'",
    );
    expect(stored.rows[0]!.n).toBe(rule.max);
  });

  it("checkout: 10 attempts a minute from one IP, then 429", async () => {
    const rule = RATE_LIMITS.checkoutPerIp;
    await roomInWindow(rule.windowSeconds, 40);
    const cookie = await buyerWithCart("rate-buyer@example.com");
    // Attempts with a missing name: each counts, none places an order.
    const attempt = () =>
      post(next(), "/checkout", { checkoutToken: crypto.randomUUID(), email: "buyer@example.com" }, { Cookie: cookie });
    for (let n = 1; n <= rule.max; n++) expect((await attempt()).response.status, `attempt ${n}`).toBe(400);
    const refused = await attempt();
    expectTooMany(refused);
    expect(refused.html).toContain('value="buyer@example.com"');
    const orders = await db.query<{ n: number }>("select count(*)::int as n from public.orders");
    expect(orders.rows[0]!.n).toBe(0);
  });

  it("voucher codes at the checkout: 30 tries in 10 minutes, then the order form comes back as typed", async () => {
    const rule = RATE_LIMITS.voucherPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const cookie = await buyerWithCart("rate-voucher@example.com");
    const attempt = (n: number) =>
      post(
        next(),
        "/checkout",
        { intent: "voucher-apply", code: `RATE${n}`, checkoutToken: crypto.randomUUID(), firstName: "Vera" },
        { Cookie: cookie },
      );
    for (let n = 1; n <= rule.max; n++) expect((await attempt(n)).response.status, `code ${n}`).toBe(400);
    const refused = await attempt(rule.max + 1);
    expectTooMany(refused);
    expect(refused.html).toContain('value="Vera"');
    expect(refused.html).toContain(`value="RATE${rule.max + 1}"`);
  });

  it("password reset: 5 requests an hour from one IP, then 429", async () => {
    const rule = RATE_LIMITS.passwordResetPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    for (let n = 1; n <= rule.max; n++) {
      expect(
        (await post(next(), "/auth/forgot", { email: `reset-${n}@example.com` })).response.status,
        `request ${n}`,
      ).toBe(200);
    }
    const refused = await post(next(), "/auth/forgot", { email: "reset-x@example.com" });
    expectTooMany(refused);
    expect(refused.html).toContain('value="reset-x@example.com"');
  });

  it("a refused page (e-mail confirmation, 20 an hour) names the minutes and sends Retry-After", async () => {
    const rule = RATE_LIMITS.emailConfirmPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const confirm = () => post(next(), "/auth/confirm", { intent: "confirm", token: "x".repeat(40) });
    for (let n = 1; n <= rule.max; n++) expect((await confirm()).response.status, `request ${n}`).toBe(400);
    const refused = await confirm();
    expectTooMany(refused);
    expect(refused.html).toContain("Oops! Etwas ist schiefgelaufen");
  });

  it("account forms after 10 failed sign-ins: 429 with the minutes and Retry-After, the new address kept", async () => {
    const rule = RATE_LIMITS.signInFailuresPerEmail;
    await roomInWindow(rule.windowSeconds, 60);
    const cookie = await signInViaHook(serverA.base, "locked-member@example.com");
    await db.query(
      `insert into public.rate_limits (key, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), $3)`,
      ["signInFailuresPerEmail:locked-member@example.com", rule.windowSeconds, rule.max],
    );
    const forms: Array<[string, Record<string, string>]> = [
      [
        "/account/password",
        { currentPassword: PASSWORD, password: "neues-passwort-1", passwordConfirm: "neues-passwort-1" },
      ],
      ["/account/email", { email: "neu-locked@example.com", currentPassword: PASSWORD }],
      ["/account/delete", { currentPassword: PASSWORD, confirm: "on" }],
    ];
    for (const [path, fields] of forms) {
      const refused = await post(next(), path, fields, { Cookie: cookie });
      expectTooMany(refused);
      expect(refused.html).not.toContain(PASSWORD);
    }
    const email = await post(next(), "/account/email", forms[1]![1], { Cookie: cookie });
    expect(email.html).toContain('value="neu-locked@example.com"');
  });

  it("client IP: a forged X-Forwarded-For does not escape the limit unless a trusted proxy sent it", async () => {
    const rule = RATE_LIMITS.contactPerIp;
    await roomInWindow(rule.windowSeconds, 60);
    const send = (server: AppServer, headers: Record<string, string> = {}) =>
      post(server, "/contact", { name: "Rate Limit", email: "ip@example.com", message: "Hallo" }, headers);
    for (let n = 1; n <= rule.max; n++) expect((await send(next())).response.status).toBe(302);
    // Server B trusts no proxy (TRUST_PROXY=false): the header is ignored, the client is still over the limit.
    expectTooMany(await send(serverB, { "X-Forwarded-For": "203.0.113.7" }));
    // Server A trusts a proxy on loopback (the default): the forwarded address is another client.
    expect((await send(serverA, { "X-Forwarded-For": "203.0.113.7" })).response.status).toBe(302);
  });
});
