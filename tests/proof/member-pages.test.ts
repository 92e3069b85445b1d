// Members' catalogue pages from the page cache (server/member-pages.ts, decision 0023), on the
// built server and both engines (two instances on one PostgreSQL): members who see the shop the
// same way share one render, each answer carries the member's own address (a rendered one its fresh
// nonce, one from the store the hashes of exactly its own inline scripts), and no answer to anyone (a visitor, a member of another tier, a `.data` request) holds another member's
// address, plan or prices. A member's dashboard is kept for them alone, and follows their writes.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInstances, type Instances } from "./lib/instances";
import { cookiesOf, FORM_HEADERS, formBody, type AppServer } from "../../scripts/lib/app-server.mjs";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
const PAGES = ["/", "/products", `/products/${PRODUCT}`, "/courses", "/offers"];

/** Signs in through the test hook (E2E_TEST_HOOKS), creating the account with the plan if needed. */
async function signIn(server: AppServer, email: string, plan?: string) {
  const response = await fetch(`${server.base}/__e2e/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "proof-password-123", plan }),
  });
  expect(response.status).toBe(200);
  return cookiesOf(response);
}

interface Viewer {
  name: string;
  cookie?: string;
  email?: string;
  /** Pays community prices and the header names the plan. */
  lifetime: boolean;
}

async function view(server: AppServer, path: string, viewer: Viewer) {
  const response = await fetch(server.base + path, { headers: viewer.cookie ? { Cookie: viewer.cookie } : {} });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    cacheControl: response.headers.get("cache-control"),
    csp: response.headers.get("content-security-policy") ?? "",
    body,
  };
}

/**
 * The answer's scripts run, and nothing else: a rendered page carries a nonce of its own (never seen
 * before, added to `nonces`) on every script; a member's copy from the store carries no nonce, and
 * its CSP allows exactly the sha256 of each of its inline scripts (JSON data is not run, not hashed).
 */
function expectOwnScripts(answer: Awaited<ReturnType<typeof view>>, at: string, nonces: Set<string>) {
  const nonce = /'nonce-([^']+)'/.exec(answer.csp)?.[1];
  if (answer.cache === "hit") {
    expect(nonce, `${at}: a stored copy has no nonce`).toBeUndefined();
    expect(answer.body, at).not.toMatch(/<[^>]+\snonce=/);
    const allowed = [...answer.csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]);
    const inline = [...answer.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
      .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!))
      .map(([, , text]) => `sha256-${createHash("sha256").update(text!).digest("base64")}`);
    expect(inline.length, at).toBeGreaterThan(0);
    expect(new Set(allowed), `${at}: the hashes of its own scripts`).toEqual(new Set(inline));
    return;
  }
  expect(nonce, at).toBeTruthy();
  expect(nonces.has(nonce!), `${at}: a fresh nonce`).toBe(false);
  nonces.add(nonce!);
  const scripts = [...answer.body.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);
  expect(scripts.length, at).toBeGreaterThan(0);
  expect(new Set(scripts), at).toEqual(new Set([nonce]));
}

for (const engine of ["pglite", "postgres"] as const) {
  describe(`members' shared pages on ${engine}`, () => {
    let instances: Instances;
    let viewers: Viewer[];

    beforeAll(async () => {
      instances = await startInstances(engine, "member-pages");
      const [first] = instances.servers;
      const stamp = `${engine}-${Date.now()}`;
      const member = async (name: string, lifetime: boolean): Promise<Viewer> => {
        const email = `${name}-${stamp}@example.com`;
        return { name, email, lifetime, cookie: await signIn(first!, email, lifetime ? "lifetime" : undefined) };
      };
      viewers = [
        await member("frei", false),
        await member("lebenslang-a", true),
        await member("lebenslang-b", true),
        { name: "besucher", lifetime: false },
      ];
    }, 180_000);

    afterAll(() => instances?.stop());

    it("interleaved on every instance: each sees their own address and tier, nobody else's", async () => {
      const emails = viewers.flatMap((v) => (v.email ? [v.email] : []));
      const cacheStates = new Map<string, string[]>();
      const nonces = new Set<string>();
      for (let round = 0; round < 3; round++) {
        for (const server of instances.servers) {
          for (const path of PAGES) {
            // A different order each round, so a member's page follows another's of the other tier.
            const order = round % 2 === 0 ? viewers : [...viewers].reverse();
            for (const viewer of order) {
              const answer = await view(server, path, viewer);
              const at = `${viewer.name} ${path} round ${round}`;
              expect(answer.status, at).toBe(200);
              for (const email of emails) {
                if (email === viewer.email) expect(answer.body, at).toContain(email);
                else expect(answer.body, `${at}: another member's address`).not.toContain(email);
              }
              expect(answer.body, `${at}: the stand-in never leaves`).not.toMatch(/@beispiel\.invalid/);
              // The header's plan badge; the price hint names "Lifetime-Mitgliedschaft" to everyone else.
              const badge = /data-testid="header-plan">Lifetime(<!-- -->)?-Mitglied</.test(answer.body);
              expect(badge, `${at}: plan`).toBe(viewer.lifetime);
              if (path.startsWith("/products"))
                expect(answer.body.includes('data-member-prices="true"'), `${at}: prices`).toBe(viewer.lifetime);
              if (viewer.cookie) {
                expect(answer.cacheControl, at).toBe("private, no-store");
                expectOwnScripts(answer, at, nonces);
                const key = `${viewer.name} ${server.base}`;
                cacheStates.set(key, [...(cacheStates.get(key) ?? []), answer.cache ?? "none"]);
              }
            }
          }
        }
      }
      // Shared: the second member of the lifetime tier is answered from the first one's render.
      for (const server of instances.servers) {
        const states = cacheStates.get(`lebenslang-b ${server.base}`)!;
        expect(states.slice(0, PAGES.length), "first round, after lebenslang-a").toEqual(PAGES.map(() => "hit"));
        expect(cacheStates.get(`frei ${server.base}`)!.filter((s) => s === "hit").length).toBeGreaterThan(0);
      }
    });

    it("a member's .data requests and other pages are theirs alone, never from the shared store", async () => {
      const [server] = instances.servers;
      const [free, lifetime] = viewers;
      for (const viewer of [free!, lifetime!]) {
        for (const path of ["/products.data", "/_root.data", "/dashboard.data", "/account/password"]) {
          const answer = await view(server!, path, viewer);
          expect(answer.status, path).toBe(200);
          expect(answer.cache, `${viewer.name} ${path}`).toBeNull();
          expect(answer.body, path).toContain(viewer.email);
          const other = viewer === free ? lifetime! : free!;
          expect(answer.body, path).not.toContain(other.email);
        }
      }
    });

    it("a member's dashboard is kept for them alone, and shows their own change at once", async () => {
      const [free, lifeA] = viewers as [Viewer, Viewer];
      const dashboard = (server: AppServer, viewer: Viewer) => view(server, "/dashboard?tab=profile", viewer);
      // Interleaved, on every instance: a member's first view is rendered, the next is theirs from the store.
      for (const server of instances.servers) {
        const answers = [];
        for (let round = 0; round < 2; round++)
          for (const viewer of [free, lifeA]) answers.push({ viewer, answer: await dashboard(server, viewer) });
        expect(answers.map(({ answer }) => answer.cache)).toEqual(["miss", "miss", "hit", "hit"]);
        const nonces = new Set<string>();
        for (const { viewer, answer } of answers) {
          expect(answer.status).toBe(200);
          expect(answer.cacheControl).toBe("private, no-store");
          expect(answer.body).toContain(viewer.email);
          expect(answer.body).not.toContain((viewer === free ? lifeA : free).email);
          expectOwnScripts(answer, `${viewer.name} dashboard`, nonces);
        }
        expect(nonces.size).toBe(2);
      }

      // lifeA saves a new first name on the first instance: their next view there shows it at once.
      const [first, second] = instances.servers as [AppServer, AppServer | undefined];
      // Letters only (a name's rule); a new one each run.
      const name = `Probe${[...String(Date.now()).slice(-6)].map((d) => "abcdefghij"[Number(d)]).join("")}`;
      const saved = await fetch(`${first.base}/dashboard`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Cookie: lifeA.cookie! },
        body: formBody({ intent: "save-profile", firstName: name, lastName: "Member" }),
        redirect: "manual",
      });
      expect(saved.status).toBe(302);
      const own = await dashboard(first, lifeA);
      expect(own.cache).toBe("miss");
      expect(own.body).toContain(name);
      expect((await dashboard(first, free)).body).not.toContain(name);
      // Another instance (PostgreSQL) follows within about a second (it re-reads the version once a second).
      if (!second) return;
      const until = Date.now() + 3000;
      let other = await dashboard(second, lifeA);
      while (!other.body.includes(name) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        other = await dashboard(second, lifeA);
      }
      expect(other.body).toContain(name);
      expect((await dashboard(second, lifeA)).cache).toBe("hit");
    });

    it("a member's cart page is keyed by its lines and their view: their lines, their address", async () => {
      const [server] = instances.servers;
      const [free, lifeA, lifeB] = viewers as [Viewer, Viewer, Viewer];
      const cartOf = async (itemId: string) => {
        const added = await fetch(`${server!.base}/cart`, {
          method: "POST",
          headers: FORM_HEADERS,
          body: formBody({ intent: "add", itemId, itemType: "product", quantity: "1", redirectTo: "/products" }),
          redirect: "manual",
        });
        return cookiesOf(added)
          .split("; ")
          .find((c) => c.startsWith("cart="))!;
      };
      const book = await cartOf(PRODUCT);
      const planner = await cartOf("b0000000-0000-4000-8000-000000000002");
      const cart = (viewer: Viewer, lines: string) =>
        view(server!, "/cart", { ...viewer, cookie: `${viewer.cookie}; ${lines}` });

      const first = await cart(lifeA, book);
      const again = await cart(lifeA, book);
      expect([first.cache, again.cache]).toEqual(["miss", "hit"]);
      const otherLines = await cart(lifeB, planner);
      expect(otherLines.cache).toBe("miss");
      expect(otherLines.body).toContain("BeHappy Planer 2027");
      expect(otherLines.body).not.toContain("Dankbarkeitstagebuch</");
      // The same lines and the same view: lifeA's render, with lifeB's own address.
      const sameLines = await cart(lifeB, book);
      expect(sameLines.cache).toBe("hit");
      expect(sameLines.body).toContain(lifeB.email);
      expect(sameLines.body).not.toContain(lifeA.email);
      // Another view never gets it: the free member pays the regular price.
      const otherView = await cart(free, book);
      expect(otherView.cache).toBe("miss");
      expect(otherView.body).toContain(free.email);
      expect(otherView.body).not.toContain(lifeA.email);
      for (const answer of [first, again, sameLines, otherView]) expect(answer.body).toContain("Dankbarkeitstagebuch");
      expect(first.body).toContain("19,90");
      expect(otherView.body).toContain("24,90");
    });

    it("an address that would need escaping is rendered for its member alone", async () => {
      const [server] = instances.servers;
      const email = `o'brien-${engine}-${Date.now()}@example.com`;
      const viewer: Viewer = { name: "obrien", email, lifetime: false, cookie: await signIn(server!, email) };
      for (let n = 0; n < 2; n++) {
        const answer = await view(server!, "/products", viewer);
        expect(answer.cache).toBeNull();
        expect(answer.body).toMatch(/o(&#x27;|&#39;|')brien/);
        for (const other of viewers) if (other.email) expect(answer.body).not.toContain(other.email);
      }
    });
  });
}
