// Security headers and cookies on every route of the production build (NODE_ENV=production).
//
// Rules checked, and the decisions behind them:
// - HTML documents: Content-Security-Policy with script-src without 'unsafe-inline',
//   frame-ancestors 'none' and `report-uri /csp-report`. A rendered page has a fresh nonce per
//   response, carried by every <script>; a page from the page cache (the same bytes for everyone)
//   has no nonce and the sha256 of each of its inline scripts instead
//   (docs/decisions/0019-hashed-csp-for-stored-pages.md).
//   Other responses (robots.txt, sitemap.xml, /healthz, JSON/CSV downloads, static files,
//   redirects) run no scripts, so they need no CSP; framing is still refused by X-Frame-Options.
//   Cross-Origin-Opener-Policy: same-origin on every document that is the viewer's own, none on a
//   page that is the same for every visitor (docs/decisions/0028-opener-policy-on-private-documents.md).
// - Every response: X-Content-Type-Options: nosniff, X-Frame-Options: DENY, a Referrer-Policy.
// - Strict-Transport-Security: server.mjs sends it on every production response, also over plain
//   HTTP. That is deliberate: production runs behind TLS; browsers ignore HSTS received over plain
//   HTTP (RFC 6797 §8.1), so it costs nothing, while keying it on X-Forwarded-Proto would drop it
//   whenever a proxy forgets that header. Outside production it is not sent.
// - Cookies (session, cart, toast, theme, checkout prefill, known device): HttpOnly and SameSite=Lax always,
//   Secure exactly when NODE_ENV=production (cookieDefaults in app/server/members/session.server.ts), and
//   the session cookie is then named `__Host-session` (Path=/, no Domain). The
//   second server below runs the same build with NODE_ENV=test to show the other side.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  FORM_HEADERS,
  formBody,
  signInViaHook,
  startAppServer,
  type AppServer,
} from "../../scripts/lib/app-server.mjs";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
const EVENT = "e0000000-0000-4000-8000-000000000001";
const COURSE = "c0000000-0000-4000-8000-000000000001";
const PLAN = "a0000000-0000-4000-8000-000000000002";
const MISSING = "deadbeef-dead-4bad-8bad-deadbeefdead";

const PUBLIC_PATHS = [
  "/",
  "/about",
  "/concept",
  "/team",
  "/community",
  "/community2",
  "/offers",
  "/products",
  `/products/${PRODUCT}`,
  "/events",
  `/events/${EVENT}`,
  "/courses",
  `/courses/${COURSE}`,
  "/glueckstest",
  "/scanner-taucher-test",
  "/join",
  "/contact",
  "/newsletter",
  `/newsletter/confirm?token=${"a".repeat(43)}`,
  `/newsletter/unsubscribe?token=${"a".repeat(43)}`,
  "/agb",
  "/datenschutz",
  "/impressum",
  "/vertrag-widerrufen",
  "/cart",
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot",
  `/auth/reset?token=${"a".repeat(43)}`,
  "/gibt-es-nicht",
  `/products/${MISSING}`,
  "/robots.txt",
  "/sitemap.xml",
  "/healthz",
  "/favicon.svg",
  "/theme",
  "/logout",
  "/dashboard",
  "/admin",
];
const MEMBER_PATHS = [
  "/",
  "/products",
  `/products/${PRODUCT}`,
  "/dashboard",
  "/dashboard?tab=profile",
  "/account/password",
  "/account/email",
  "/account/delete",
  "/account/export",
  "/checkout",
  `/order-confirmation/${MISSING}`,
];
const ADMIN_PATHS = [
  "/admin",
  "/admin/newsletter",
  "/admin/newsletter.csv",
  "/admin/newsletter/aussendungen",
  "/admin/newsletter/aussendungen/neu",
  "/admin/export",
  "/admin/export/buchungsstapel.csv",
  "/admin/export/rechnungen.zip",
  "/admin/contacts",
  "/admin/orders",
  "/admin/profiles",
  "/admin/gutscheine",
  ...["events", "courses", "products"].flatMap((kind) => [`/admin/${kind}`, `/admin/${kind}/new`]),
  `/admin/events/new/${EVENT}`,
  `/admin/courses/new/${COURSE}`,
  `/admin/products/new/${PRODUCT}`,
];

let production: AppServer;
let nonProduction: AppServer;
let member = "";
let admin = "";
/** Every Set-Cookie seen from the production server, with where it came from. */
const productionCookies: { from: string; cookie: string }[] = [];

const dataDir = mkdtempSync(path.join(os.tmpdir(), "proof-headers-"));

beforeAll(async () => {
  const common = { ARGON2_FAST: "true", LOG_LEVEL: "error" };
  [production, nonProduction] = await Promise.all([
    startAppServer({
      env: { ...common, DATA_DIR: path.join(dataDir, "production") },
      stdio: "pipe",
      timeoutMs: 120_000,
    }),
    startAppServer({
      env: { ...common, NODE_ENV: "test", DATA_DIR: path.join(dataDir, "test") },
      stdio: "pipe",
      timeoutMs: 120_000,
    }),
  ]);
  member = await signInViaHook(production.base, "headers-member@example.com");
  admin = await signInViaHook(production.base, "headers-admin@example.com", { admin: true });
});

afterAll(async () => {
  await Promise.all([production?.stop(), nonProduction?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(server: AppServer, path: string, cookie = "") {
  const response = await fetch(`${server.base}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  const body = await response.text();
  if (server === production)
    for (const c of response.headers.getSetCookie()) productionCookies.push({ from: `GET ${path}`, cookie: c });
  return { response, body };
}

async function post(server: AppServer, path: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: server.base, ...(cookie ? { Cookie: cookie } : {}) },
    body: formBody(fields),
    redirect: "manual",
  });
  await response.text();
  if (server === production)
    for (const c of response.headers.getSetCookie()) productionCookies.push({ from: `POST ${path}`, cookie: c });
  return response;
}

function nonceOf(csp: string) {
  return /'nonce-([^']+)'/.exec(csp)?.[1];
}

/** The problems of one response, empty when it is fine. */
function headerProblems(path: string, response: Response, body: string): string[] {
  const problems: string[] = [];
  const h = response.headers;
  if (h.get("x-content-type-options") !== "nosniff") problems.push("X-Content-Type-Options is not nosniff");
  if (h.get("x-frame-options") !== "DENY") problems.push("X-Frame-Options is not DENY");
  if (!h.get("referrer-policy")) problems.push("no Referrer-Policy");
  if (!/max-age=\d{7,}/.test(h.get("strict-transport-security") ?? "")) problems.push("no Strict-Transport-Security");
  if ((h.get("content-type") ?? "").includes("text/html")) {
    const csp = h.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const nonce = nonceOf(scriptSrc);
    const cached = h.get("x-page-cache") === "hit";
    if (!nonce && !cached) problems.push("CSP script-src has no nonce");
    if (nonce && cached) problems.push("a page from the page cache replays a nonce");
    if (scriptSrc.includes("'unsafe-inline'")) problems.push("CSP script-src allows 'unsafe-inline'");
    if (!/frame-ancestors 'none'/.test(csp)) problems.push("CSP lacks frame-ancestors 'none'");
    // Rendered and stored alike (docs/decisions/0021-csp-violation-reports.md).
    if (!/(^|; )report-uri \/csp-report(;|$)/.test(csp))
      problems.push("CSP reports nowhere (no report-uri /csp-report)");
    // COOP on every page that is the viewer's own, not on one that is the same for every visitor:
    // public, or the browser-only answer of a page the page cache stores (`private, max-age=…`).
    const cacheControl = h.get("cache-control") ?? "";
    const forEveryone = /\bpublic\b/.test(cacheControl) || /^private, max-age=\d+$/.test(cacheControl);
    const coop = h.get("cross-origin-opener-policy");
    if (forEveryone && coop) problems.push(`Cross-Origin-Opener-Policy on a page for everyone (${cacheControl})`);
    if (!forEveryone && coop !== "same-origin")
      problems.push(
        `personal page (${cacheControl || "no Cache-Control"}) without Cross-Origin-Opener-Policy: same-origin`,
      );
    const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => [m[1]!, m[2]!] as const);
    if (scripts.length === 0) problems.push("HTML without scripts (hydration missing?)");
    const bare = nonce
      ? scripts.filter(([attrs]) => !attrs.includes(`nonce="${nonce}"`))
      : scripts.filter(
          ([attrs, text]) =>
            !/\ssrc=|type="application\/ld\+json"/.test(attrs) &&
            !scriptSrc.includes(`'sha256-${createHash("sha256").update(text).digest("base64")}'`),
        );
    if (bare.length > 0)
      problems.push(`${bare.length} <script> allowed by neither this response's nonce nor a hash: ${bare[0]![0]}`);
  }
  return problems.map((p) => `${path} (${response.status}): ${p}`);
}

describe("security headers on every route (production)", () => {
  it("public pages, auth pages, cart, 404, robots.txt, sitemap.xml, /healthz and static files", async () => {
    const asset = readdirSync(`${process.env.BUILD_DIR ?? "build"}/client/assets`).find((f) => f.endsWith(".js"));
    const problems: string[] = [];
    // Twice: a page the page cache keeps is rendered first, then answered from the store.
    for (const path of [...PUBLIC_PATHS, ...PUBLIC_PATHS, `/assets/${asset}`]) {
      const { response, body } = await get(production, path);
      expect(response.status, path).toBeLessThan(500);
      problems.push(...headerProblems(path, response, body));
    }
    expect(problems).toEqual([]);
  });

  it("member pages and the checkout (with a cart)", async () => {
    const cartResponse = await post(
      production,
      "/cart",
      { intent: "add", itemId: PRODUCT, itemType: "product", quantity: "1" },
      member,
    );
    const withCart = `${member}; ${cookiesOf(cartResponse)
      .split("; ")
      .find((c) => c.startsWith("cart="))}`;
    const problems: string[] = [];
    for (const path of MEMBER_PATHS) {
      const { response, body } = await get(production, path, withCart);
      expect(response.status, path).toBeLessThan(500);
      if (path === "/checkout") expect(response.status).toBe(200);
      problems.push(...headerProblems(path, response, body));
    }
    expect(problems).toEqual([]);
  });

  it("admin pages, signed in as admin", async () => {
    const problems: string[] = [];
    for (const path of ADMIN_PATHS) {
      const { response, body } = await get(production, path, admin);
      expect(response.status, path).toBe(200);
      problems.push(...headerProblems(path, response, body));
    }
    expect(problems).toEqual([]);
  });

  it("the CSP nonce is new on every response that has one (what the page cache sends has none)", async () => {
    const nonces = new Set<string>();
    // /contact and a 404 are never stored; "?n=" makes each view of / a page not yet stored.
    for (const path of ["/?n=1", "/?n=2", "/contact", "/contact", "/gibt-es-nicht"]) {
      const { response } = await get(production, path);
      nonces.add(nonceOf(response.headers.get("content-security-policy") ?? "") ?? "missing");
    }
    expect(nonces.has("missing")).toBe(false);
    expect(nonces.size).toBe(5);
  });
});

describe("cookies", () => {
  /** Actions that set each of the shop's cookies. */
  async function collectCookies(server: AppServer) {
    const seen: string[] = [];
    const keep = (response: Response) => seen.push(...response.headers.getSetCookie());
    const session = await fetch(`${server.base}/__e2e/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "cookie-member@example.com", password: "proof-password-123" }),
    });
    keep(session);
    const signedIn = cookiesOf(session);
    // Sign-in through the form (session, known device), cart + toast, theme, the join prefill, sign-out.
    keep(
      await post(server, "/auth", {
        intent: "signin",
        email: "cookie-member@example.com",
        password: "proof-password-123",
      }),
    );
    const plan = await post(server, "/cart", { intent: "plan", planId: PLAN });
    keep(plan);
    keep(await post(server, "/theme", { theme: "dark", redirectTo: "/" }));
    keep(
      await post(
        server,
        "/join",
        { firstName: "Erika", lastName: "Muster", email: "erika@example.com" },
        cookiesOf(plan)
          .split("; ")
          .filter((c) => c.startsWith("cart="))
          .join("; "),
      ),
    );
    keep(await post(server, "/logout", {}, signedIn));
    return seen;
  }

  function names(cookies: string[]) {
    return [...new Set(cookies.map((c) => c.split("=")[0]!))].sort();
  }

  it("in production every cookie is HttpOnly, SameSite=Lax and Secure", async () => {
    const cookies = [...(await collectCookies(production)), ...productionCookies.map((c) => c.cookie)];
    expect(names(cookies)).toEqual(
      expect.arrayContaining(["__Host-session", "cart", "checkout_prefill", "known_device", "theme", "toast"]),
    );
    expect(names(cookies)).not.toContain("__session");
    // The __Host- prefix: browsers drop it unless Secure, Path=/ and no Domain.
    const session = cookies.filter((c) => c.startsWith("__Host-session="));
    expect(session.filter((c) => !/;\s*Path=\/(;|$)/i.test(c) || /;\s*Domain=/i.test(c))).toEqual([]);
    const weak = cookies.filter(
      (c) => !/;\s*HttpOnly/i.test(c) || !/;\s*SameSite=Lax/i.test(c) || !/;\s*Secure/i.test(c),
    );
    expect(weak).toEqual([]);
  });

  it("outside production (plain-HTTP development) cookies are not Secure and there is no HSTS; the rest holds", async () => {
    const cookies = await collectCookies(nonProduction);
    expect(names(cookies)).toEqual(
      expect.arrayContaining(["__session", "cart", "checkout_prefill", "known_device", "theme", "toast"]),
    );
    expect(cookies.filter((c) => /;\s*Secure/i.test(c))).toEqual([]);
    expect(cookies.filter((c) => !/;\s*HttpOnly/i.test(c) || !/;\s*SameSite=Lax/i.test(c))).toEqual([]);
    const { response } = await get(nonProduction, "/");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(nonceOf(response.headers.get("content-security-policy") ?? "")).toBeTruthy();
  });
});

describe("keep-alive connections", () => {
  it("an idle connection outlives a client's 5 s keep-alive, so reusing it never meets a closing socket", async () => {
    // Node's http.Agent (and Playwright's request client) reuse idle sockets; with the server's
    // old 5 s default both ends gave up together and a request could land on a closing socket
    // (CI saw "read ECONNRESET"). The server now keeps idle connections 65 s (server/app.ts).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const healthz = () =>
      new Promise<{ status?: number; keepAlive?: string | string[]; reusedSocket: boolean }>((resolve, reject) => {
        const request = http.get(`${production.base}/healthz`, { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode,
              keepAlive: response.headers["keep-alive"],
              reusedSocket: request.reusedSocket,
            }),
          );
        });
        request.on("error", reject);
      });
    try {
      expect(await healthz()).toEqual({ status: 200, keepAlive: "timeout=65", reusedSocket: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      // The agent opens a new socket (reusedSocket false) when the server has closed the idle one.
      expect(await healthz()).toEqual({ status: 200, keepAlive: "timeout=65", reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
