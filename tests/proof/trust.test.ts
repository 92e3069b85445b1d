// Issue 14 at the request level, against the production build on a throwaway PostgreSQL 15:
// the sign-in limit under a parallel attack (argon2 evaluations counted from the server's debug log,
// one "password verified" line per verification), the owner's own bucket on a browser that signed in
// before (known-device cookie), the way back in through a password reset, sign-up
// and newsletter answers that do not tell whether an address is known, redirect targets with control
// characters, and the headers of the pages opened from mailed links.
//
// The server trusts a proxy on loopback (TRUST_PROXY=loopback), so each request below comes from
// the client address in its X-Forwarded-For header, as it would behind a real proxy.
// PROOF_PORT / PROOF_PG_PORT pin the two listening ports (shared machines); random otherwise.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORM_HEADERS,
  formBody,
  signInViaHook,
  startAppServer,
  type AppServer,
} from "../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { RATE_LIMITS } from "~/server/http/rate-limit.server";
import { toastOf } from "./lib/hostile-harness";

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let server: AppServer;
let db: pg.Client;

const PASSWORD = "proof-password-123";
const NEW_PASSWORD = "ganz-neues-Passwort-456";
const port = (name: string) => Number(process.env[name]) || undefined;

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ maxConnections: 60, port: port("PROOF_PG_PORT") });
  server = await startAppServer({
    port: port("PROOF_PORT"),
    env: { DATABASE_URL: postgres.url, ARGON2_FAST: "true", LOG_LEVEL: "debug", TRUST_PROXY: "loopback" },
    stdio: "pipe",
    timeoutMs: 120_000,
  });
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await server?.stop();
  await postgres?.stop();
});

let client = 0;
/** A form POST from a fresh client address (X-Forwarded-For through the trusted loopback proxy). */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: {
      ...FORM_HEADERS,
      Origin: server.base,
      "X-Forwarded-For": `198.51.100.${(client++ % 250) + 1}`,
      ...headers,
    },
    body: formBody(fields),
    redirect: "manual",
  });
  return { response, html: await response.text() };
}

const toast = (response: Response) =>
  toastOf({
    status: response.status,
    location: null,
    html: "",
    contentType: "",
    setCookies: response.headers.getSetCookie(),
  });

const evaluations = () => (server.output().match(/"msg":"password verified"/g) ?? []).length;

/** The newest mail the server queued for `to` whose subject matches, waiting until it exists. */
async function mailTo(to: string, subject: RegExp, after = new Date(0)) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query<{ subject: string; text_body: string; created_at: Date }>(
      "select subject, text_body, created_at from public.mail_outbox where to_address = $1 and created_at > $2 order by created_at desc",
      [to, after],
    );
    const found = rows.find((r) => subject.test(r.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe("sign-in limit per address", () => {
  const email = "lockout-member@example.com";

  it("40 parallel wrong passwords from 40 client addresses get at most 10 password checks; the rest a German 429 with minutes", async () => {
    await signInViaHook(server.base, email);
    const max = RATE_LIMITS.signInFailuresPerEmail.max;
    const before = evaluations();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          "/auth",
          { intent: "signin", email, password: `falsch-${i}` },
          { "X-Forwarded-For": `203.0.113.${i + 1}` },
        ),
      ),
    );
    // Every request has finished: its log line (if any) was written before the response.
    const checked = evaluations() - before;
    const statuses = answers.map((a) => a.response.status);
    console.info(
      `40 parallel wrong passwords: ${checked} argon2 evaluations, statuses ${JSON.stringify(countBy(statuses))}`,
    );
    expect(checked).toBeLessThanOrEqual(max);
    expect(statuses.filter((s) => s === 400)).toHaveLength(checked);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
    const refused = answers.find((a) => a.response.status === 429)!;
    expect(refused.html).toMatch(
      /Zu viele Versuche\. Bitte warte (1 Minute|\d+ Minuten) und versuche es dann erneut\./,
    );
    expect(refused.html).toContain("Passwort vergessen?");
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);

    // The right password does not get in now either (and is not even checked).
    const checkedBefore = evaluations();
    const right = await post("/auth", { intent: "signin", email, password: PASSWORD });
    expect(right.response.status).toBe(429);
    expect(evaluations()).toBe(checkedBefore);
  });

  it("the owner gets back in through a password reset, which clears the counter", async () => {
    const requested = new Date(Date.now() - 1000);
    const forgot = await post("/auth/forgot", { email });
    expect(forgot.response.status).toBe(200);
    const mail = await mailTo(email, /Passwort zurücksetzen/, requested);
    const token = tokenIn(mail.text_body, "/auth/reset")!;
    expect(token).toBeTruthy();
    const reset = await post(`/auth/reset?token=${token}`, {
      token,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(reset.response.status).toBe(302);
    expect(reset.response.headers.get("location")).toBe("/auth");
    const signIn = await post("/auth", { intent: "signin", email, password: NEW_PASSWORD });
    expect(signIn.response.status).toBe(302);
    expect(signIn.response.headers.get("location")).toBe("/dashboard");
  });
});

describe("the operator's log of sign-ins", () => {
  const failures = () => (server.output().match(/"msg":"sign-in failed"/g) ?? []).length;

  it("names each wrong password once and a right one never, though both are counted before the check", async () => {
    const email = "log-member@example.com";
    await signInViaHook(server.base, email);
    const before = failures();
    expect((await post("/auth", { intent: "signin", email, password: "falsch-1" })).response.status).toBe(400);
    await expect.poll(failures).toBe(before + 1);
    expect((await post("/auth", { intent: "signin", email, password: PASSWORD })).response.status).toBe(302);
    expect(failures()).toBe(before + 1);
  });
});

describe("known device: strangers' guesses do not lock the owner out", () => {
  const email = "known-device-owner@example.com";
  const right = { intent: "signin", email, password: PASSWORD };
  const wrong = (n: number) => ({ intent: "signin", email, password: `falsch-${n}` });
  /** The known-device cookie a sign-in answer sets, as a Cookie header. */
  const knownDeviceOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("known_device="))!;
  // The form's alert: the first one with content (the toaster's empty live region comes first).
  // The first alert with content, whatever the order of its attributes (the sign-in notice has an id).
  const alertOf = (html: string) => /<div [^>]*role="alert"[^>]*>(?!<\/div>)[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
  let ownerBrowser = "";
  let secondBrowser = "";

  it("after 10 failures without the cookie: a new browser gets the German 429 with a reset link, the owner's browser gets in", async () => {
    await signInViaHook(server.base, email);
    // The owner signed in before with two browsers; each remembers the account.
    for (const n of [1, 2]) {
      const { response } = await post("/auth", right);
      expect(response.status, `sign-in ${n}`).toBe(302);
      if (n === 1) ownerBrowser = knownDeviceOf(response);
      else secondBrowser = knownDeviceOf(response);
    }
    expect(ownerBrowser).toMatch(/^known_device=./);
    expect(secondBrowser).not.toBe(ownerBrowser);
    // Half the guesses without a cookie, half with the attacker's own known-device cookie (from its
    // own account), which does not count for this one.
    await signInViaHook(server.base, "known-device-stranger@example.com");
    const stranger = knownDeviceOf(
      (await post("/auth", { ...right, email: "known-device-stranger@example.com" })).response,
    );
    for (let n = 1; n <= RATE_LIMITS.signInFailuresPerEmail.max; n++) {
      const guess = await post("/auth", wrong(n), n % 2 === 0 ? { Cookie: stranger } : {});
      expect(guess.response.status, `guess ${n}`).toBe(400);
    }

    // (a) A browser without the cookie: refused even with the right password (not even checked).
    const checkedBefore = evaluations();
    const fresh = await post("/auth", right);
    expect(fresh.response.status).toBe(429);
    expect(evaluations()).toBe(checkedBefore);
    const alert = alertOf(fresh.html);
    expect(alert).toMatch(/Zu viele Versuche\. Bitte warte (1 Minute|\d+ Minuten) und versuche es dann erneut\./);
    expect(alert).toContain("Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen.");
    expect(alert).toMatch(/<a [^>]*href="\/auth\/forgot"[^>]*>Passwort vergessen\?<\/a>/);

    // (b) The owner's browser: in at once, and it is still known afterwards.
    const owner = await post("/auth", right, { Cookie: ownerBrowser });
    expect(owner.response.status).toBe(302);
    expect(owner.response.headers.get("location")).toBe("/dashboard");
    expect(knownDeviceOf(owner.response)).toBeTruthy();
    // The owner's success does not reopen the strangers' bucket.
    expect((await post("/auth", right)).response.status).toBe(429);
  });

  it("the known browser's bucket still stops guessing: 10 wrong there lock it, not the owner's other browser", async () => {
    for (let n = 1; n <= RATE_LIMITS.signInFailuresPerKnownDevice.max; n++) {
      const guess = await post("/auth", wrong(100 + n), { Cookie: ownerBrowser });
      expect(guess.response.status, `guess ${n}`).toBe(400);
    }
    const checkedBefore = evaluations();
    const locked = await post("/auth", right, { Cookie: ownerBrowser });
    expect(locked.response.status).toBe(429);
    expect(alertOf(locked.html)).toMatch(/<a [^>]*href="\/auth\/forgot"[^>]*>Passwort vergessen\?<\/a>/);
    expect(evaluations()).toBe(checkedBefore);
    expect((await post("/auth", right, { Cookie: secondBrowser })).response.status).toBe(302);
  });

  it("a password reset clears the known browser's bucket too: the hint's promise holds", async () => {
    const requested = new Date(Date.now() - 1000);
    expect((await post("/auth/forgot", { email })).response.status).toBe(200);
    const token = tokenIn((await mailTo(email, /Passwort zurücksetzen/, requested)).text_body, "/auth/reset")!;
    const reset = await post(`/auth/reset?token=${token}`, {
      token,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(reset.response.status).toBe(302);
    const back = await post("/auth", { ...right, password: NEW_PASSWORD }, { Cookie: ownerBrowser });
    expect(back.response.status).toBe(302);
    expect((await post("/auth", { ...right, password: NEW_PASSWORD })).response.status).toBe(302);
  });
});

describe("no account or subscriber oracle", () => {
  it("sign-up with a taken address answers exactly like a new one and mails the owner a reset link", async () => {
    const taken = "taken-owner@example.com";
    await signInViaHook(server.base, taken);
    const fresh = "fresh-signup@example.com";
    const since = new Date(Date.now() - 1000);
    const signUp = (address: string) =>
      post("/auth?mode=signup", {
        intent: "signup",
        email: address,
        password: "ein-anderes-Passwort",
        firstName: "Eve",
        lastName: "Probe",
      });
    const timings: Record<string, number[]> = { taken: [], fresh: [] };
    const answers: Record<string, Awaited<ReturnType<typeof signUp>>> = {};
    for (const [kind, address] of [
      ["taken", taken],
      ["fresh", fresh],
    ] as const) {
      const started = performance.now();
      answers[kind] = await signUp(address);
      timings[kind]!.push(performance.now() - started);
    }
    const shape = (a: Awaited<ReturnType<typeof signUp>>) => ({
      status: a.response.status,
      location: a.response.headers.get("location"),
      toast: toast(a.response),
      body: a.html,
    });
    expect(shape(answers.taken!)).toEqual(shape(answers.fresh!));
    expect(shape(answers.fresh!)).toMatchObject({
      status: 302,
      location: "/auth",
      toast: { type: "success", message: "Account created successfully. You can now log in." },
    });
    console.info(`sign-up answer: taken ${timings.taken![0]!.toFixed(0)} ms, new ${timings.fresh![0]!.toFixed(0)} ms`);

    const ownerMail = await mailTo(taken, /schon ein Konto/, since);
    expect(ownerMail.text_body).toContain("Für diese Adresse gibt es schon ein Konto");
    expect(tokenIn(ownerMail.text_body, "/auth/reset")).toBeTruthy();
    const welcome = await mailTo(fresh, /bestätige deine E-Mail-Adresse/, since);
    expect(tokenIn(welcome.text_body, "/auth/confirm")).toBeTruthy();
    // The taken account is unchanged: its password still works, nothing new was created.
    const { rows } = await db.query("select count(*)::int as n from auth.users where email = $1", [taken]);
    expect(rows[0].n).toBe(1);
    expect((await post("/auth", { intent: "signin", email: taken, password: PASSWORD })).response.status).toBe(302);
  });

  it("the newsletter answers new, pending and subscribed addresses alike; the owner learns the rest by mail", async () => {
    const email = "leserin@example.com";
    const since = new Date(Date.now() - 1000);
    const subscribe = async () => {
      const { response } = await post("/newsletter", { email, redirectTo: "/newsletter" });
      return { status: response.status, location: response.headers.get("location"), toast: toast(response) };
    };
    const first = await subscribe();
    expect(first).toMatchObject({ status: 302, location: "/newsletter", toast: { type: "success" } });
    const confirmMail = await mailTo(email, /bestätige deine Newsletter-Anmeldung/, since);
    expect(await subscribe()).toEqual(first); // pending: a fresh link
    const token = tokenIn(
      (await mailTo(email, /bestätige deine Newsletter-Anmeldung/, confirmMail.created_at)).text_body,
      "/newsletter/confirm",
    )!;
    const confirmed = await post(`/newsletter/confirm?token=${token}`, { token });
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.html).toContain("Anmeldung bestätigt!");
    const subscribedAt = new Date();
    expect(await subscribe()).toEqual(first); // subscribed: same answer …
    const notice = await mailTo(
      email,
      /erhältst den BeHappy-Newsletter bereits/,
      new Date(subscribedAt.getTime() - 1000),
    );
    expect(notice.text_body).not.toMatch(/token=/); // … and a notice instead of a link
    const { rows } = await db.query("select status from public.newsletter_subscriptions where email = $1", [email]);
    expect(rows).toEqual([{ status: "subscribed" }]);
  });
});

describe("redirect targets", () => {
  it("CR/LF or TAB in redirectTo gives 400 and changes nothing (the newsletter stores no subscription)", async () => {
    const email = "crlf@example.com";
    for (const redirectTo of ["/\r\nSet-Cookie: x=1", "/\t/evil.example", "/\n/evil.example"]) {
      const newsletter = await post("/newsletter", { email, redirectTo });
      expect(newsletter.response.status, JSON.stringify(redirectTo)).toBe(400);
      expect(newsletter.html).toContain("Ungültiges Weiterleitungsziel.");
      const theme = await post("/theme", { theme: "dark", redirectTo });
      expect(theme.response.status).toBe(400);
      expect(theme.response.headers.getSetCookie().filter((c) => c.startsWith("theme="))).toEqual([]);
    }
    const { rows } = await db.query("select count(*)::int as n from public.newsletter_subscriptions where email = $1", [
      email,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("only same-origin paths: a target that would leave the site falls back", async () => {
    for (const redirectTo of ["//evil.example", "/\\evil.example", "/..//evil.example", "https://evil.example/"]) {
      const { response } = await post("/theme", { theme: "dark", redirectTo });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
    const { response } = await post("/theme", { theme: "dark", redirectTo: "/events?x=1" });
    expect(response.headers.get("location")).toBe("/events?x=1");
  });
});

describe("session cookie", () => {
  it("in production it is __Host-session: Secure, Path=/, no Domain", async () => {
    const response = await fetch(`${server.base}/__e2e/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "cookie-prefix@example.com", password: PASSWORD }),
    });
    const session = response.headers.getSetCookie().filter((c) => /^__(Host-)?session=/.test(c));
    expect(session).toHaveLength(1);
    expect(session[0]).toMatch(/^__Host-session=/);
    expect(session[0]).toMatch(/;\s*Secure/i);
    expect(session[0]).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session[0]).not.toMatch(/;\s*Domain=/i);
  });
});

describe("pages opened from mailed links", () => {
  it("answer with Cache-Control: no-store and Referrer-Policy: no-referrer (GET and POST)", async () => {
    const token = "A".repeat(43);
    for (const path of [
      "/auth/reset",
      "/auth/confirm",
      "/account/email/bestaetigen",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/warteliste",
      "/erstattung",
    ]) {
      const response = await fetch(`${server.base}${path}?token=${token}`);
      await response.text();
      expect(response.headers.get("cache-control"), path).toMatch(/\bno-store\b/);
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    const posted = await post("/newsletter/confirm", { token });
    expect(posted.response.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect(posted.response.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

function countBy(values: number[]) {
  return values.reduce<Record<number, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
}
