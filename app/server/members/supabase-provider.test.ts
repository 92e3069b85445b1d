import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The shop's own mail path queues into the database; here it is a MOCK (a MOCK transaction and a
// MOCK outbox) that records the mails.
const sendMailMock = vi.hoisted(() => vi.fn(async (_mail: { to: string; subject: string; text: string }) => true));
vi.mock("~/server/mail/outbox.server", () => ({
  enqueueMail: (_tx: unknown, mail: { to: string; subject: string; text: string }) => sendMailMock(mail),
}));
vi.mock("~/server/db/db.server", async (original) => ({
  ...(await original<typeof import("~/server/db/db.server")>()),
  withViewer: async (_viewer: unknown, fn: (tx: unknown) => unknown) => fn({}),
}));
vi.mock("~/server/http/urls.server", () => ({
  publicUrl: (path: string) => new URL(path, "http://shop.test").toString(),
}));

/**
 * Supabase Auth cannot run on these machines, so this suite talks to a MOCKED Supabase Auth HTTP
 * API (the /auth/v1 endpoints supabase-js calls). Everything else is real: @supabase/ssr, the
 * cookie round trip through Set-Cookie/Cookie headers, and our provider code.
 */
const user = { id: randomUUID(), email: "mia@example.com", aud: "authenticated", role: "authenticated" };
const calls: string[] = [];
let signUps: unknown[] = [];
let resends: unknown[] = [];
/** What the mocked Supabase Auth says about the user's address (GET /auth/v1/user). */
let emailConfirmedAt: string | null = null;
const TAKEN = "vergeben@example.com";
/** An address Supabase Auth has sent too many mails to. */
const LIMITED = "zu-oft@example.com";
let emailUpdates: unknown[] = [];
/** The address that waits for its confirmation (Supabase Auth's new_email). */
let newEmail: string | null = null;
let server: Server;

function jwt(payload: Record<string, unknown>) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}`;
  return `${unsigned}.${createHmac("sha256", "mock-secret").update(unsigned).digest("base64url")}`;
}

async function body(req: IncomingMessage) {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://mock");
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(payload === undefined ? "" : JSON.stringify(payload));
    };
    if (url.pathname === "/auth/v1/token" && url.searchParams.get("grant_type") === "password") {
      const { email, password } = await body(req);
      if (email !== user.email || password !== "richtig-richtig") {
        return send(400, {
          code: "invalid_credentials",
          error_code: "invalid_credentials",
          msg: "Invalid login credentials",
        });
      }
      const now = Math.floor(Date.now() / 1000);
      const access = jwt({
        sub: user.id,
        email: user.email,
        role: "authenticated",
        aud: "authenticated",
        exp: now + 3600,
        iat: now,
        session_id: randomUUID(),
      });
      return send(200, {
        access_token: access,
        refresh_token: "r1",
        token_type: "bearer",
        expires_in: 3600,
        expires_at: now + 3600,
        user,
      });
    }
    if (url.pathname === "/auth/v1/user" && req.method === "PUT") {
      if (!req.headers.authorization?.startsWith("Bearer ")) return send(401, { msg: "Auth session missing!" });
      const update = await body(req);
      if (update.email === TAKEN) {
        return send(422, { code: "email_exists", error_code: "email_exists", msg: "Email address already registered" });
      }
      if (update.email === LIMITED) {
        return send(429, { code: "over_email_send_rate_limit", msg: "Email rate limit exceeded" });
      }
      emailUpdates.push({ ...update, redirect_to: url.searchParams.get("redirect_to") });
      newEmail = update.email;
      return send(200, { ...user, new_email: update.email });
    }
    if (url.pathname === "/auth/v1/user") {
      return req.headers.authorization?.startsWith("Bearer ")
        ? send(200, { ...user, email_confirmed_at: emailConfirmedAt, new_email: newEmail })
        : send(401, { msg: "Auth session missing!" });
    }
    if (url.pathname === "/auth/v1/resend") {
      resends.push(await body(req));
      return send(200, {});
    }
    if (url.pathname === "/auth/v1/signup") {
      const request = await body(req);
      // With "Confirm email" off, Supabase Auth says that an address is taken.
      if (request.email === TAKEN) {
        return send(422, {
          code: "user_already_exists",
          error_code: "user_already_exists",
          msg: "User already registered",
        });
      }
      signUps.push(request);
      return send(200, { ...user, id: randomUUID() });
    }
    if (url.pathname === "/auth/v1/logout") return send(204);
    send(404, { msg: "not mocked" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.SUPABASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SUPABASE_ANON_KEY = "anon-key";
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

describe("Supabase provider against a mocked Supabase Auth HTTP API", () => {
  it("signs in with a password, sets the session cookies, and reads the user back from them via getClaims", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    const { user: signedIn, headers } = await supabaseProvider.signIn(
      new Request("http://shop/auth"),
      user.email,
      "richtig-richtig",
    );
    expect(signedIn).toEqual({ id: user.id, email: user.email });
    const cookie = cookieHeader(headers);
    expect(cookie).toMatch(/^sb-[\w-]+-auth-token/);

    const { user: current } = await supabaseProvider.currentUser(
      new Request("http://shop/", { headers: { Cookie: cookie } }),
    );
    expect(current).toEqual({ id: user.id, email: user.email });
    expect(calls).toContain("GET /auth/v1/user");
  });

  it("answers a wrong password with the shop's generic German message", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    await expect(supabaseProvider.signIn(new Request("http://shop/auth"), user.email, "falsch")).rejects.toMatchObject({
      code: "invalid_credentials",
      message: "E-Mail oder Passwort ist falsch.",
    });
  });

  it("signs up with first and last name as user metadata", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    signUps = [];
    await supabaseProvider.signUp(new Request("http://shop/auth"), {
      email: "neu@example.com",
      password: "richtig-richtig",
      firstName: "Neu",
      lastName: "Mitglied",
    });
    expect(signUps).toEqual([
      expect.objectContaining({ email: "neu@example.com", data: { first_name: "Neu", last_name: "Mitglied" } }),
    ]);
  });

  it("signs out with scope global and clears the cookies", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    const { headers } = await supabaseProvider.signIn(new Request("http://shop/auth"), user.email, "richtig-richtig");
    const out = await supabaseProvider.signOut(
      new Request("http://shop/logout", { method: "POST", headers: { Cookie: cookieHeader(headers) } }),
    );
    expect(calls).toContain("POST /auth/v1/logout?scope=global");
    expect(out.getSetCookie().some((c) => /sb-[\w-]+-auth-token=;|Max-Age=0/.test(c))).toBe(true);
    const { user: after } = await supabaseProvider.currentUser(
      new Request("http://shop/", { headers: { Cookie: cookieHeader(out) } }),
    );
    expect(after).toBeNull();
  });

  it("sign-up with a taken address answers like a new one and mails the owner instead", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    sendMailMock.mockClear();
    await expect(
      supabaseProvider.signUp(new Request("http://shop/auth"), {
        email: TAKEN,
        password: "richtig-richtig",
        firstName: "Neu",
        lastName: "Mitglied",
      }),
    ).resolves.toBeUndefined();
    await vi.waitFor(() => expect(sendMailMock).toHaveBeenCalledTimes(1));
    const mail = sendMailMock.mock.calls[0]![0];
    expect(mail.to).toBe(TAKEN);
    expect(mail.text).toContain("Für diese Adresse gibt es schon ein Konto");
    expect(mail.text).toContain("http://shop.test/auth/forgot");
  });

  it("reads the confirmation from Supabase Auth (email_confirmed_at of the user) and resends its own link", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    const { headers } = await supabaseProvider.signIn(new Request("http://shop/auth"), user.email, "richtig-richtig");
    const request = new Request("http://shop/dashboard", { headers: { Cookie: cookieHeader(headers) } });
    const signedIn = { id: user.id, email: user.email };
    emailConfirmedAt = null;
    expect(await supabaseProvider.isEmailConfirmed(request, signedIn)).toBe(false);
    emailConfirmedAt = new Date().toISOString();
    expect(await supabaseProvider.isEmailConfirmed(request, signedIn)).toBe(true);

    resends = [];
    expect(await supabaseProvider.resendEmailConfirmation(request, signedIn)).toBe(true);
    expect(resends).toEqual([expect.objectContaining({ type: "signup", email: user.email })]);
    // Supabase's links confirm on Supabase itself; our /auth/confirm never accepts one.
    expect(await supabaseProvider.canConfirmEmail("irgendwas-irgendwas-irgendwas-irgendwas")).toBe(false);
  });

  it("changes the address through Supabase Auth, answering a taken address as a free one", async () => {
    const { supabaseProvider } = await import("~/server/members/supabase-provider.server");
    const { headers } = await supabaseProvider.signIn(new Request("http://shop/auth"), user.email, "richtig-richtig");
    const request = new Request("http://shop/account/email", { headers: { Cookie: cookieHeader(headers) } });
    const signedIn = { id: user.id, email: user.email };
    emailUpdates = [];
    sendMailMock.mockClear();
    expect(await supabaseProvider.pendingEmailChange(request, signedIn)).toBeNull();

    expect(await supabaseProvider.requestEmailChange(request, signedIn, "mia-neu@example.com")).toBe("sent");
    // Supabase Auth mails the links and comes back to the profile once the change is confirmed.
    expect(emailUpdates).toEqual([
      expect.objectContaining({ email: "mia-neu@example.com", redirect_to: "http://shop.test/dashboard?tab=profile" }),
    ]);
    expect(await supabaseProvider.pendingEmailChange(request, signedIn)).toEqual({
      email: "mia-neu@example.com",
      until: null,
    });
    expect(sendMailMock).not.toHaveBeenCalled();

    // Taken: the same answer; only the owner of that address hears of it, from the shop.
    expect(await supabaseProvider.requestEmailChange(request, signedIn, TAKEN)).toBe("sent");
    expect(sendMailMock).toHaveBeenCalledTimes(1);
    expect(sendMailMock.mock.calls[0]![0]).toMatchObject({
      to: TAKEN,
      subject: "Jemand wollte deine E-Mail-Adresse verwenden – BeHappy",
    });

    expect(await supabaseProvider.requestEmailChange(request, signedIn, LIMITED)).toBe("limited");
    // Supabase's links change the address on Supabase itself; our page never accepts one.
    expect(await supabaseProvider.canChangeEmail("irgendwas-irgendwas-irgendwas-irgendwas")).toBe(false);
  });
});
