// The shared page cache (server/page-cache.ts) on the built server, on both engines: anonymous
// public pages come from memory, the same bytes for every visitor (a CSP with the hashes of the
// page's scripts instead of a nonce), and no page that carried a session, a toast (flash), a cart,
// a checkout prefill or a form error is ever stored or served from it. With two instances on one PostgreSQL, a catalogue write on one retires the other's
// cached pages within the catalogue version re-check (about a second).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInstances, type Instances } from "./lib/instances";
import { cookiesOf, FORM_HEADERS, formBody, signInViaHook, type AppServer } from "../../scripts/lib/app-server.mjs";
import { withoutSoftHyphens } from "~/lib/hyphenation";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
/** Re-check interval 1 s (catalog-cache.server.ts) + a render; generous for a busy shared machine. */
const PROPAGATION_BOUND_MS = 15_000;
const NEWSLETTER_ERROR = "Fehler bei der Anmeldung";

interface Answer {
  status: number;
  cache: string | null;
  body: string;
  /** The body as a visitor reads it: without the soft hyphens in titles. */
  text: string;
  cacheControl: string | null;
  csp: string;
  nonce: string | undefined;
}

async function get(server: AppServer, path: string, cookie?: string, method = "GET"): Promise<Answer> {
  const response = await fetch(server.base + path, { method, headers: cookie ? { Cookie: cookie } : {} });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    body,
    text: withoutSoftHyphens(body),
    cacheControl: response.headers.get("cache-control"),
    csp: response.headers.get("content-security-policy") ?? "",
    nonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
  };
}

/**
 * The sha256 sources for the page's scripts that the browser runs (JSON-LD is data, not run): what
 * a stored page's script-src must list. Text as the parser hands it to the script (CR LF → LF).
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    const bytes = Buffer.from(text.replace(/\r\n?/g, "\n"));
    hashes.add(`'sha256-${createHash("sha256").update(bytes).digest("base64")}'`);
  }
  return [...hashes];
}

/** Only the named cookie of a Cookie header built from Set-Cookie. */
const only = (cookies: string, name: string) =>
  cookies
    .split("; ")
    .filter((c) => c.startsWith(`${name}=`))
    .join("; ");

for (const engine of ["pglite", "postgres"] as const) {
  describe(`page cache on ${engine}`, () => {
    let instances: Instances;
    let servers: AppServer[] = [];
    let probe = 0;

    beforeAll(async () => {
      instances = await startInstances(engine, "page-cache");
      servers = instances.servers;
    }, 180_000);

    afterAll(() => instances?.stop());

    it("answers repeated anonymous page views from memory: no nonce, every inline script hashed", async () => {
      const [server] = servers;
      for (const path of ["/", "/products", `/products/${PRODUCT}`, "/about"]) {
        const first = await get(server, path);
        const second = await get(server, path);
        const third = await get(server, path);
        expect([first.status, second.status, third.status], path).toEqual([200, 200, 200]);
        expect(first.cache, path).toMatch(/^(miss|hit)$/);
        expect([second.cache, third.cache], path).toEqual(["hit", "hit"]);
        if (first.cache === "miss") {
          // Streamed with its own nonce: a CDN would hand that nonce to every visitor.
          expect(first.nonce, path).toBeTruthy();
          expect(first.cacheControl, path).toMatch(/^private, max-age=\d+$/);
          expect(second.body, path).toBe(first.body.replaceAll(` nonce="${first.nonce}"`, ""));
        }
        for (const answer of [second, third]) {
          expect(answer.nonce, path).toBeUndefined();
          expect(answer.body, path).not.toMatch(/ nonce="/);
          const scriptSrc = /script-src ([^;]*)/.exec(answer.csp)?.[1] ?? "";
          expect(scriptSrc, path).toBe(["'self'", ...inlineScriptHashes(answer.body)].join(" "));
          // Nothing per response in it: the route's own policy, a CDN may keep it.
          expect(answer.cacheControl, path).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
        }
        expect(inlineScriptHashes(second.body).length, path).toBeGreaterThanOrEqual(3);
      }
      const head = await get(server, "/products", undefined, "HEAD");
      expect([head.status, head.cache, head.body]).toEqual([200, "hit", ""]);
      for (let n = 0; n < 2; n++) expect((await get(server, "/products.data")).cache).toBeNull();
    });

    it("gives two different visitors byte-identical cached pages, cold and warm", async () => {
      const [server] = servers;
      // Two visitors as the server can tell them apart: address (forwarded), agent, language.
      const visitor = (n: number) => ({
        "X-Forwarded-For": `198.51.100.${n}`,
        "User-Agent": `proof-visitor-${n}`,
        "Accept-Language": n === 1 ? "de-DE" : "en-US",
      });
      const view = async (path: string, n: number) => {
        const response = await fetch(server.base + path, { headers: visitor(n) });
        const headers = Object.fromEntries(
          [...response.headers].filter(([name]) => !["x-request-id", "date", "age", "keep-alive"].includes(name)),
        );
        return { cache: response.headers.get("x-page-cache"), headers, body: await response.text() };
      };
      for (const path of [`/products?visitors=${engine}`, `/?visitors=${engine}`]) {
        const cold = await view(path, 1);
        expect(cold.cache, path).toBe("miss");
        const warm = [await view(path, 2), await view(path, 1), await view(path, 2)];
        expect(
          warm.map((answer) => answer.cache),
          path,
        ).toEqual(["hit", "hit", "hit"]);
        for (const answer of warm.slice(1)) {
          expect(answer.body, path).toBe(warm[0]!.body);
          expect(answer.headers, path).toEqual(warm[0]!.headers);
        }
        expect(warm[0]!.headers["content-security-policy"], path).toMatch(/'sha256-/);
        // The cold visitor's nonce is nowhere in what the next one got.
        const nonce = /'nonce-([^']+)'/.exec(cold.headers["content-security-policy"] ?? "")?.[1];
        expect(nonce, path).toBeTruthy();
        expect(warm[0]!.body, path).not.toContain(nonce!);
      }
    });

    it("keeps a page per theme", async () => {
      const [server] = servers;
      const theme = cookiesOf(
        await fetch(`${server.base}/theme`, {
          method: "POST",
          headers: FORM_HEADERS,
          body: formBody({ theme: "dark", redirectTo: "/products" }),
          redirect: "manual",
        }),
      );
      expect(theme).toMatch(/^theme=/);
      await get(server, "/products", theme);
      const dark = await get(server, "/products", theme);
      const plain = await get(server, "/products");
      expect([dark.cache, plain.cache]).toEqual(["hit", "hit"]);
      expect(dark.body).toContain('<html lang="de" class="dark"');
      expect(plain.body).toContain('<html lang="de" class="theme-system"');
    });

    it("never stores or serves a page with a session, toast, cart, checkout prefill or form error", async () => {
      const [server] = servers;
      const email = `page-cache-${engine}-${Date.now()}@example.com`;
      const session = await signInViaHook(server.base, email);
      const added = await fetch(`${server.base}/cart`, {
        method: "POST",
        headers: FORM_HEADERS,
        body: formBody({ intent: "add", itemId: PRODUCT, itemType: "product", quantity: "2", redirectTo: "/products" }),
        redirect: "manual",
      });
      const afterAdd = cookiesOf(added);
      // A newsletter form's post with a bad address, from a script (the footer's fetcher): its error
      // toast rides on a cookie to the next page.
      const refused = await fetch(`${server.base}/newsletter`, {
        method: "POST",
        headers: FORM_HEADERS,
        body: formBody({ email: "kein-at-zeichen", redirectTo: "/newsletter", _js: "1" }),
        redirect: "manual",
      });
      expect(refused.status).toBe(400);
      const formError = only(cookiesOf(refused), "toast");
      // `cache`: what X-Page-Cache says to the personal request, then to it again. A cart cookie is
      // keyed (by its item count), so the request looks in the cache, and the private cart page is what
      // keeps it out. A member's catalogue page is stored for the members of their view (decision
      // 0023, tests/proof/member-pages.test.ts), never for a visitor; other member pages bypass.
      const bypass = [null, null];
      const states: { name: string; cookie: string; path: string; marker?: string; cache: (string | null)[] }[] = [
        { name: "session", cookie: session, path: "/about", marker: email, cache: bypass },
        { name: "session, catalogue", cookie: session, path: "/products", marker: email, cache: ["miss", "hit"] },
        { name: "toast", cookie: only(afterAdd, "toast"), path: "/products", cache: bypass },
        {
          name: "cart page",
          cookie: only(afterAdd, "cart"),
          path: "/cart",
          marker: "Dankbarkeitstagebuch",
          cache: ["miss", "miss"],
        },
        { name: "checkout prefill", cookie: "checkout_prefill=x", path: "/products", cache: bypass },
        { name: "form error", cookie: formError, path: "/newsletter", marker: NEWSLETTER_ERROR, cache: bypass },
        { name: "theme + session", cookie: `theme=x; ${session}`, path: "/about", marker: email, cache: bypass },
      ];
      for (const state of states) {
        expect(state.cookie, state.name).not.toBe("");
        // A path no one asked for yet, so "miss" below can only mean: nothing was stored.
        const path = `${state.path}?probe=${engine}-${++probe}`;
        const personal = await get(server, path, state.cookie);
        expect(personal.status, state.name).toBe(200);
        expect(personal.cache, `${state.name}: bypasses the cache`).toBe(state.cache[0]);
        if (state.marker) expect(personal.text, state.name).toContain(state.marker);
        const anonymous = await get(server, path);
        expect(anonymous.cache, `${state.name}: the personal page was not stored`).toBe("miss");
        if (state.marker && state.marker !== "Dankbarkeitstagebuch")
          expect(anonymous.text, state.name).not.toContain(state.marker);
        const again = await get(server, path, state.cookie);
        expect(again.cache, `${state.name}: the anonymous page is not served to it`).toBe(state.cache[1]);
        if (state.marker) expect(again.text, state.name).toContain(state.marker);
      }
      // The form error itself (script-enhanced post) is an answer to a POST: never stored.
      const enhanced = await fetch(`${server.base}/newsletter`, {
        method: "POST",
        headers: FORM_HEADERS,
        body: formBody({ email: "kein-at-zeichen", _js: "1" }),
      });
      expect(enhanced.headers.get("x-page-cache")).toBeNull();
    });

    it("gives visitors with a cart the page of every cart of that size: the right count, no line of anyone's", async () => {
      const [server] = servers;
      const cartOf = async (lines: { itemId: string; quantity: string }[]) => {
        let cookie = "";
        for (const line of lines) {
          const added = await fetch(`${server.base}/cart`, {
            method: "POST",
            headers: { ...FORM_HEADERS, ...(cookie ? { Cookie: cookie } : {}) },
            body: formBody({ intent: "add", itemType: "product", redirectTo: "/products", ...line }),
            redirect: "manual",
          });
          expect(added.status).toBe(302);
          cookie = only(cookiesOf(added), "cart");
          // The add's toast shows once; its cookie is then deleted, not kept empty for the session
          // (which would keep every later page out of the cache).
          const shown = await fetch(`${server.base}/products`, { headers: { Cookie: cookiesOf(added) } });
          expect(await shown.text()).toContain("in den Warenkorb gelegt");
          const cleared = shown.headers.getSetCookie().find((c) => c.startsWith("toast="));
          expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
        }
        return cookie;
      };
      const lineIds = (cookie: string) => {
        const value = decodeURIComponent(cookie.slice("cart=".length)).replace(/\.[^.]*$/, "");
        return (JSON.parse(Buffer.from(value, "base64").toString("utf8")) as { id: string }[]).map((l) => l.id);
      };
      const two = await cartOf([{ itemId: PRODUCT, quantity: "2" }]);
      const alsoTwo = await cartOf([
        { itemId: "b0000000-0000-4000-8000-000000000002", quantity: "1" },
        { itemId: "b0000000-0000-4000-8000-000000000003", quantity: "1" },
      ]);
      const three = await cartOf([{ itemId: PRODUCT, quantity: "3" }]);
      const path = `/products?probe=${engine}-${++probe}`;

      const first = await get(server, path, two);
      const second = await get(server, path, alsoTwo);
      expect([first.status, first.cache, second.cache]).toEqual([200, "miss", "hit"]);
      expect(second.body).toContain('aria-label="Warenkorb, 2 Artikel"');
      expect(second.cacheControl).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
      expect((await get(server, path, two)).body, "the same bytes for both carts of two").toBe(second.body);
      for (const id of [...lineIds(two), ...lineIds(alsoTwo)]) expect(second.body).not.toContain(id);

      const ofThree = await get(server, path, three);
      expect(ofThree.cache).toBe("miss");
      expect(ofThree.body).toContain('aria-label="Warenkorb, 3 Artikel"');
      expect((await get(server, path, three)).cache).toBe("hit");
      const none = await get(server, path);
      expect(none.body).not.toMatch(/Warenkorb, \d+ Artikel/);

      // A forged cart (its signature does not match) keys as a cart of two, renders as no cart, and
      // so is not stored where the carts of two would find it.
      const forgedPath = `/products?probe=${engine}-${++probe}`;
      const forged = two.replace(/\.[^.]*$/, ".AAAA");
      const forgedAnswer = await get(server, forgedPath, forged);
      expect(forgedAnswer.body).not.toMatch(/Warenkorb, \d+ Artikel/);
      const honest = await get(server, forgedPath, two);
      expect(honest.cache, "the forged render was not stored").toBe("miss");
      expect(honest.body).toContain('aria-label="Warenkorb, 2 Artikel"');

      // With a redeemed voucher or any other cookie beside the cart: rendered, never stored.
      const withVoucher = `${two}; cart_voucher=x`;
      await get(server, path, withVoucher);
      expect((await get(server, path, withVoucher)).cache).toBeNull();
      expect((await get(server, `/products.data?probe=${probe}`, two)).cache).toBeNull();
    });

    it("drops every page when the catalogue changes, on this instance at once and on others within seconds", async () => {
      const [writer] = servers;
      const reader = servers[1] ?? writer;
      for (const server of new Set([writer, reader])) {
        await get(server, "/products");
        expect((await get(server, "/products")).cache).toBe("hit");
      }
      const title = `Dankbarkeitstagebuch Neuauflage ${engine} ${Date.now()}`;
      const admin = await signInViaHook(writer.base, `page-cache-admin-${engine}-${Date.now()}@example.com`, {
        admin: true,
      });
      const saved = await fetch(`${writer.base}/admin/products/new/${PRODUCT}`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Cookie: admin },
        body: formBody({
          title,
          category: "Bücher",
          description: "Ein Tagebuch für jeden Tag.",
          details: "",
          image_url: "/images/catalog/dankbarkeitstagebuch.svg",
          price: "19,90",
          behappy_price: "14,90",
          availability: "on",
          show_on_startpage: "on",
          show_on_offer: "",
        }),
        redirect: "manual",
      });
      expect(saved.status).toBe(302);
      // Read-your-writes where the admin wrote.
      expect((await get(writer, "/products")).text).toContain(title);
      const started = performance.now();
      let elapsed = Infinity;
      while (performance.now() - started < PROPAGATION_BOUND_MS) {
        if ((await get(reader, "/products")).text.includes(title)) {
          elapsed = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(
        `${engine}: the catalogue write showed on the ${servers.length > 1 ? "other" : "same"} instance's cached page after ${Math.round(elapsed)} ms`,
      );
      expect(elapsed).toBeLessThan(PROPAGATION_BOUND_MS);
      // And the new page is cached again.
      await get(reader, "/products");
      const hit = await get(reader, "/products");
      expect([hit.cache, hit.text.includes(title)]).toEqual(["hit", true]);
    });
  });
}
