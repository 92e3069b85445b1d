// The page cache's rules with a stand-in for React Router behind it: what the request and the
// response decide, the same bytes for every hit (hashed CSP, compressed once), HEAD from GET's
// entry, and what retires an entry.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { browserOnly, createPageCache, THEME_KEYED, type KeyedCookies } from "./page-cache";
import { brotliOnce } from "./stored-page";
import type { MemberLane } from "./member-pages";

const PUBLIC = "public, max-age=60, s-maxage=300";
let close: (() => void) | undefined;
afterEach(() => close?.());

interface Setup {
  version?: { value: bigint | null };
  build?: { id: string };
  clock?: { now: number };
  /** How the stand-in renders: per request, may set cookies or make the page private. */
  render?: RequestHandler;
}

/** The inline scripts of the stand-in page that the browser runs (or, deferred, runs later). */
const INLINE_SCRIPTS = ["window.__context = {};", "import('/assets/entry.js');\r\n", 'enqueue("a\\u003cb");'];
// As the browser hashes a script: its text after the parser turned CR LF into LF.
const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text.replaceAll("\r\n", "\n")).digest("base64")}'`;

/**
 * A stand-in renderer: a nonce per response in the CSP and in the body, like app/entry.server.tsx,
 * and the kinds of <script> React Router's pages have: inline, inert deferred module, external, JSON-LD.
 */
let renders = 0;
const renderPage: RequestHandler = (req, res) => {
  renders++;
  const nonce = `n${renders}${"x".repeat(20)}`;
  res.status(200);
  res.set("Content-Type", "text/html; charset=utf-8");
  res.set("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`);
  res.set("Cache-Control", String(req.query.cc ?? PUBLIC));
  res.set("Vary", "Cookie");
  if (req.query.cookie) res.append("Set-Cookie", "toast=abc; Path=/");
  if (req.query.status) res.status(Number(req.query.status));
  const [context, module, stream] = INLINE_SCRIPTS;
  res.write(
    `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><style nonce="${nonce}">p{}</style>` +
      `<script nonce="${nonce}">${context}</script><script type="application/ld+json">{"@type":"Product"}</script></head>`,
  );
  res.end(
    `<body><p>${req.originalUrl} render ${renders} theme ${req.headers.cookie ?? ""}</p>${" ".repeat(2048)}` +
      `<script nonce="${nonce}" type="text/x-deferred-module">${module}</script>` +
      `<script nonce="${nonce}" src="/assets/b.js" type="module"></script><script nonce="${nonce}">${stream}</script><script>injected()</script></body></html>`,
  );
};

async function start({
  version = { value: 1n },
  build = { id: "b1" },
  clock,
  render = renderPage,
  maxTotalBytes,
  brotli,
  keyedCookies,
  members,
}: Setup & {
  maxTotalBytes?: number;
  brotli?: (body: Buffer) => Promise<Buffer>;
  keyedCookies?: KeyedCookies;
  members?: MemberLane;
} = {}) {
  const cache = createPageCache({
    enabled: true,
    maxTotalBytes,
    brotli,
    keyedCookies,
    members,
    buildId: () => build.id,
    catalogVersion: async () => version.value,
    catalogVersionNow: () => version.value ?? undefined,
    now: clock ? () => clock.now : undefined,
  });
  const app = express();
  app.use(compression());
  app.use(cache.middleware);
  app.use(render);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(base + path, init);
    return { response, body: await response.text(), cache: response.headers.get("x-page-cache") };
  };
  return { get, cache };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
/** The headers that are the same for every answer: all but the request id and date. */
const sameFor = (headers: Headers) =>
  [...headers].filter(([name]) => !["x-request-id", "date", "age", "connection", "keep-alive"].includes(name));

describe("page cache", () => {
  it("answers later anonymous GETs from memory with the same bytes for everyone: hashes, not a nonce", async () => {
    const { get } = await start();
    const first = await get("/p");
    const [second, third] = [await get("/p"), await get("/p")];
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "hit", "hit"]);
    const nonce = nonceOf(first.response.headers.get("content-security-policy"));
    expect(nonce).toBeTruthy();
    // The miss was streamed with its nonce: a shared cache must not keep it.
    expect(first.response.headers.get("cache-control")).toBe("private, max-age=60");
    expect(third.body).toBe(second.body);
    expect(sameFor(third.response.headers)).toEqual(sameFor(second.response.headers));
    // What is stored holds nothing of the miss's nonce; the rest of the page is the miss's.
    expect(second.body).not.toContain(nonce!);
    expect(second.body).toBe(first.body.replaceAll(` nonce="${nonce}"`, ""));
    const csp = second.response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' ${INLINE_SCRIPTS.map(sha256).join(" ")}; object-src 'none'`,
    );
    // Nothing per response left: the route's own policy, shared caches included.
    expect(second.response.headers.get("cache-control")).toBe(PUBLIC);
    expect(second.response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(second.response.headers.get("age")).toBe("0");
  });

  it("sends the stored br or gzip variant, each decompressing to the stored body", async () => {
    const { get, cache } = await start();
    const miss = await get("/z");
    await cache.settled();
    const host = new URL(miss.response.url).host;
    const lookup = (acceptEncoding?: string) =>
      cache.lookup({
        method: "GET",
        url: "/z",
        headers: { host, ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) },
      } as unknown as IncomingMessage)!;
    const identity = lookup();
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers["content-length"]).toBe(identity.body.length);
    const br = lookup("gzip, deflate, br, zstd");
    const gzip = lookup("gzip, deflate");
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"]]).toEqual(["br", "gzip"]);
    expect(brotliDecompressSync(br.body)).toEqual(identity.body);
    expect(gunzipSync(gzip.body)).toEqual(identity.body);
    expect(br.headers["content-length"]).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    // Twice the same stored bytes, not compressed again.
    expect(lookup("br").body).toBe(br.body);
    // Weights are read: gzip preferred, identity refused, nothing acceptable (Express decides).
    expect(lookup("br;q=0.5, gzip").headers["content-encoding"]).toBe("gzip");
    expect(lookup("identity;q=0, *;q=0.1").headers["content-encoding"]).toBe("br");
    expect(
      cache.lookup({
        method: "GET",
        url: "/z",
        headers: { host, "accept-encoding": "zstd, identity;q=0" },
      } as unknown as IncomingMessage),
    ).toBeNull();
    // Through Express (fetch decompresses): the stored variant, not the compression middleware's.
    const viaExpress = await get("/z", { headers: { "Accept-Encoding": "br" } });
    expect(viaExpress.cache).toBe("hit");
    expect(viaExpress.response.headers.get("content-encoding")).toBe("br");
    expect(viaExpress.body).toBe(identity.body.toString());
  });

  it("answers with gzip while brotli is still being made", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { get, cache } = await start({ brotli: async (body) => (await held, brotliOnce(body)) });
    await get("/g");
    const early = await get("/g", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(early.response.headers.get("content-encoding")).toBe("gzip");
    release();
    await cache.settled();
    const later = await get("/g", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(later.response.headers.get("content-encoding")).toBe("br");
    expect(later.body).toBe(early.body);
  });

  it("does not store a page whose nonce is used beyond scripts (it could not be replaced by hashes)", async () => {
    const { get, cache } = await start({
      render: (_req, res) =>
        void res
          .set("Cache-Control", PUBLIC)
          .set("Content-Security-Policy", "script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'")
          .type("html")
          .send('<style nonce="abc"></style><script nonce="abc">1</script>'),
    });
    await get("/s");
    expect((await get("/s")).cache).toBe("miss");
    expect(cache.size).toBe(0);
  });

  it("serves HEAD from GET's entry, never .data or non-GET", async () => {
    const { get } = await start();
    await get("/h");
    const head = await get("/h", { method: "HEAD" });
    expect(head.cache).toBe("hit");
    expect(head.body).toBe("");
    for (let n = 0; n < 2; n++) expect((await get("/h.data")).cache).toBeNull();
    for (let n = 0; n < 2; n++) expect((await get("/h", { method: "POST" })).cache).toBeNull();
  });

  it("bypasses a request with any cookie but the theme, and keys on the theme", async () => {
    const { get } = await start();
    for (const cookie of [
      "__session=s",
      "toast=t",
      "cart=c",
      "checkout_prefill=x",
      "theme=dark; cart=c",
      "sb-x-auth-token=1",
    ]) {
      await get("/c", { headers: { Cookie: cookie } });
      const again = await get("/c", { headers: { Cookie: cookie } });
      expect(again.cache, cookie).toBeNull();
    }
    expect((await get("/c")).cache).toBe("miss");
    await get("/c", { headers: { Cookie: "theme=dark" } });
    const dark = await get("/c", { headers: { Cookie: "theme=dark" } });
    const plain = await get("/c");
    expect([dark.cache, plain.cache]).toEqual(["hit", "hit"]);
    expect(dark.body).toContain("theme theme=dark");
    expect(plain.body).not.toContain("theme=dark");
    expect((await get("/c", { headers: { Authorization: "Bearer x" } })).cache).toBeNull();
  });

  it("keys on a counted cookie, and stores a page only when the render showed what the key says", async () => {
    // Like the cart: the key counts the value as sent, the render counts the checked value (a
    // value starting with x fails the check, as a forged signature does) and reports it.
    const keyOf = (value: string | undefined) => (value === undefined ? "none" : String(value.length));
    const { get, cache } = await start({
      keyedCookies: { ...THEME_KEYED, bag: { keyOf, confirmedByRender: true } },
      render: (req, res, next) => {
        const sent = /(?:^|; )bag=([^;]*)/.exec(req.headers.cookie ?? "")?.[1];
        if (!req.query.silent) res.locals.renderedKey = { bag: sent?.startsWith("x") ? "none" : keyOf(sent) };
        renderPage(req, res, next);
      },
    });
    const bag = (value: string) => ({ headers: { Cookie: `bag=${value}` } });
    const first = await get("/b", bag("ab"));
    const other = await get("/b", bag("cd"));
    expect([first.cache, other.cache]).toEqual(["miss", "hit"]);
    expect((await get("/b", bag("cd"))).body, "every bag of two gets the same bytes").toBe(other.body);
    expect((await get("/b", bag("abc"))).cache, "a bag of three is its own page").toBe("miss");
    expect((await get("/b")).cache, "no bag is its own page").toBe("miss");
    expect((await get("/b", { headers: { Cookie: "theme=dark; bag=ab" } })).cache, "theme and bag together").toBe(
      "miss",
    );

    // A forged value keys "2" but renders as no bag: that page is not stored under "2".
    const forged = await get("/f", bag("xy"));
    expect(forged.cache).toBe("miss");
    expect(forged.body).toContain("bag=xy");
    const honest = await get("/f", bag("ab"));
    expect(honest.cache, "the forged render was not stored").toBe("miss");
    expect(honest.body).not.toContain("bag=xy");
    expect((await get("/f", bag("xy"))).cache, "a forged value gets what every bag of two gets").toBe("hit");

    // A render that says nothing about the bag stores nothing.
    const stored = cache.stats.stored;
    await get("/s?silent=1", bag("ab"));
    expect((await get("/s?silent=1", bag("ab"))).cache).toBe("miss");
    expect(cache.stats.stored).toBe(stored);
  });

  it("members: one render per view with a stand-in for the address; stored only when the render confirms it", async () => {
    const STAND_IN = "standin-1234@beispiel.invalid";
    const members: Record<string, { key: string; email: string; userId: string }> = {
      a: { key: "free", email: "anna@example.com", userId: "user-a" },
      b: { key: "free", email: "bert@example.com", userId: "user-b" },
      c: { key: "lifetime", email: "carl@example.com", userId: "user-c" },
    };
    const { get } = await start({
      keyedCookies: THEME_KEYED,
      members: {
        cookies: () => ["sid"],
        viewOf: async (req) => members[/sid=(\w)/.exec(req.headers.cookie ?? "")?.[1] ?? ""] ?? null,
        emailStandIn: STAND_IN,
      },
      render: (req, res) => {
        const member = members[/sid=(\w)/.exec(req.headers.cookie ?? "")?.[1] ?? ""]!;
        const nonce = `m${++renders}${"y".repeat(20)}`;
        const leak = req.query.leak === "1";
        res.locals.renderedKey = { member: member.key, memberShared: req.query.own ? undefined : "1" };
        res.set("Content-Type", "text/html; charset=utf-8");
        res.set("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
        res.set("Cache-Control", "private, no-store");
        res.flushHeaders();
        res.write(`<p>${res.locals.memberStandIn ?? member.email} ${member.key}${leak ? ` ${member.email}` : ""}</p>`);
        res.end(`<script nonce="${nonce}">x()</script>${" ".repeat(2048)}`);
      },
    });
    const as = (who: string, path = "/m") => get(path, { headers: { Cookie: `sid=${who}` } });
    const first = await as("a");
    const shared = await as("b");
    const other = await as("c");
    expect([first.cache, shared.cache, other.cache]).toEqual(["miss", "hit", "miss"]);
    expect(first.body).toContain("<p>anna@example.com free</p>");
    expect(shared.body).toContain("<p>bert@example.com free</p>");
    expect(other.body).toContain("<p>carl@example.com lifetime</p>");
    for (const answer of [first, shared, other]) expect(answer.body).not.toContain(STAND_IN);
    // Rendered: the render's nonce. A hit: the member's own copy, with the hash of each inline script
    // instead of a nonce, as an anonymous stored page; the same bytes each time they ask.
    for (const rendered of [first, other]) {
      const nonce = nonceOf(rendered.response.headers.get("content-security-policy"));
      expect(rendered.body).toContain(`<script nonce="${nonce}">`);
    }
    expect(shared.response.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha256("x()")}`);
    expect(shared.body).toContain("<script>x()</script>");
    expect(shared.body).not.toContain("nonce");
    expect((await as("b")).body).toBe(shared.body);
    // Each hit is compressed at most once per encoding, as the request asks; the compression middleware leaves it alone.
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip, deflate", "gzip"],
      ["identity", null],
    ] as const) {
      const hit = await get("/m", { headers: { Cookie: "sid=b", "Accept-Encoding": accept } });
      expect(hit.cache, accept).toBe("hit");
      expect(hit.response.headers.get("content-encoding"), accept).toBe(encoding);
      // One piece with its length, not the middleware's chunked stream.
      expect(hit.response.headers.get("transfer-encoding"), accept).toBeNull();
      expect(Number(hit.response.headers.get("content-length")), accept).toBeGreaterThan(0);
      expect(hit.response.headers.get("vary"), accept).toMatch(/^(Cookie, )?Accept-Encoding$/);
      expect(hit.body, accept).toContain("<p>bert@example.com free</p>");
    }
    // A render that shows the real address (a loader read it directly), or that is not marked shareable: not kept.
    for (const path of ["/m?leak=1", "/m?own=1"]) {
      await as("a", path);
      const next = await as("b", path);
      expect(next.cache, path).toBe("miss");
      expect(next.body, path).not.toContain("anna@example.com");
    }
    // A visitor never gets a member's page, nor a member the visitor's.
    expect((await get("/m")).body).not.toContain("@example.com");
  });

  it("members: a page of their own is kept for them alone, keyed by the data version; writes ask for a re-check", async () => {
    const members: Record<string, { key: string; email: string; userId: string }> = {
      a: { key: "free", email: "anna@example.com", userId: "user-a" },
      b: { key: "free", email: "bert@example.com", userId: "user-b" },
    };
    const data = { version: 1, orders: { "user-a": 1, "user-b": 5 } as Record<string, number>, writes: 0 };
    const { get } = await start({
      members: {
        cookies: () => ["sid"],
        viewOf: async (req) => {
          const member = members[/sid=(\w)/.exec(req.headers.cookie ?? "")?.[1] ?? ""];
          return member ? { ...member, personal: `${member.userId}\n${data.version}` } : null;
        },
        emailStandIn: "standin-1234@beispiel.invalid",
        afterWrite: () => data.writes++,
      },
      render: (req, res) => {
        if (req.method !== "GET") return void res.status(303).set("Location", "/d").end();
        const member = members[/sid=(\w)/.exec(req.headers.cookie ?? "")?.[1] ?? ""]!;
        const nonce = `p${++renders}${"z".repeat(20)}`;
        res.locals.renderedKey = { member: member.key, memberPersonal: req.query.failed ? undefined : member.userId };
        res.set("Content-Type", "text/html; charset=utf-8");
        res.set("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
        res.set("Cache-Control", "private, no-store");
        // Rendered with the real address: a page of one's own has no stand-in.
        res.write(
          `<p>${res.locals.memberStandIn ?? member.email} ${member.userId} orders ${data.orders[member.userId]}</p>`,
        );
        res.end(`<script nonce="${nonce}">x()</script>${" ".repeat(2048)}`);
      },
    });
    const as = (who: string, path = "/d") => get(path, { headers: { Cookie: `sid=${who}` } });
    const answers = [await as("a"), await as("b"), await as("a"), await as("b")];
    expect(answers.map((answer) => answer.cache)).toEqual(["miss", "miss", "hit", "hit"]);
    for (const [n, who] of ["anna@example.com user-a orders 1", "bert@example.com user-b orders 5"].entries()) {
      expect(answers[n]!.body).toContain(`<p>${who}</p>`);
      expect(answers[n + 2]!.body).toContain(`<p>${who}</p>`);
    }
    expect(answers[1]!.body).not.toContain("anna@example.com");
    expect(answers[3]!.body).not.toContain("anna@example.com");
    // Rendered with a nonce each; a hit is the member's copy with the script's hash instead.
    const nonces = answers.map((answer) => nonceOf(answer.response.headers.get("content-security-policy")));
    expect(new Set(nonces.slice(0, 2)).size).toBe(2);
    expect(nonces.slice(2)).toEqual([undefined, undefined]);
    for (const hit of answers.slice(2)) {
      expect(hit.response.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha256("x()")}`);
      expect(hit.body).toContain("<script>x()</script>");
    }

    // A write anywhere moves the version: the next view is rendered again, with the new data.
    data.orders["user-a"] = 2;
    data.version++;
    const after = await as("a");
    expect([after.cache, after.body.includes("orders 2")]).toEqual(["miss", true]);
    // A render whose reads did not all succeed is not kept.
    await as("a", "/d?failed=1");
    expect((await as("a", "/d?failed=1")).cache).toBe("miss");
    // Every answered write request asks for a re-check; reads do not.
    const writesBefore = data.writes;
    await get("/d", { method: "POST", headers: { Cookie: "sid=a" }, redirect: "manual" });
    await as("a");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(data.writes).toBe(writesBefore + 1);
  });

  it("bypasses two theme cookies: the app renders the first, so no key may stand for the page", async () => {
    const { get } = await start();
    await get("/t", { headers: { Cookie: "theme=light" } });
    expect((await get("/t", { headers: { Cookie: "theme=light" } })).cache).toBe("hit");
    for (const cookie of ["theme=dark; theme=light", "theme=light; theme=light"]) {
      const twice = await get("/t", { headers: { Cookie: cookie } });
      expect(twice.cache, cookie).toBeNull();
      expect(twice.body, "rendered for this request, not the stored light page").toContain(`theme ${cookie}`);
    }
    // The stored light page is still what a plain light visitor gets.
    expect((await get("/t", { headers: { Cookie: "theme=light" } })).body).toContain("theme theme=light");
  });

  it("stores only what the response allows: 200, public, no Set-Cookie", async () => {
    const { get, cache } = await start();
    for (const path of ["/r?cookie=1", "/r?cc=private,%20no-store", "/r?status=404", "/r?cc=public,%20no-cache"]) {
      const first = await get(path);
      const second = await get(path);
      expect([first.cache, second.cache], path).toEqual(["miss", "miss"]);
      expect(second.body, path).toContain("render");
    }
    expect(cache.size).toBe(0);
    // The personal answer keeps its own header; a public page without a nonce keeps its s-maxage.
    expect((await get("/r?cc=private,%20no-store")).response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("retires entries on a catalogue write, a deploy and after the TTL; bypasses while a write commits", async () => {
    const version = { value: 1n as bigint | null };
    const build = { id: "b1" };
    const clock = { now: 0 };
    const { get } = await start({ version, build, clock });
    await get("/t");
    expect((await get("/t")).cache).toBe("hit");
    version.value = 2n;
    expect((await get("/t")).cache).toBe("miss");
    expect((await get("/t")).cache).toBe("hit");
    build.id = "b2";
    expect((await get("/t")).cache).toBe("miss");
    expect((await get("/t")).cache).toBe("hit");
    clock.now += 42_500;
    expect((await get("/t")).response.headers.get("age")).toBe("42");
    clock.now += 17_501;
    expect((await get("/t")).cache).toBe("miss");
    version.value = null;
    expect((await get("/t")).cache).toBeNull();
  });

  it("keeps a nonce-free public answer's own Cache-Control", async () => {
    const { get } = await start({
      render: (_req, res) => void res.set("Cache-Control", PUBLIC).type("text/plain").send("robots"),
    });
    await get("/robots.txt");
    const hit = await get("/robots.txt");
    expect(hit.cache).toBe("hit");
    expect(hit.body).toBe("robots");
    expect(hit.response.headers.get("cache-control")).toBe(PUBLIC);
  });

  it("stays within its byte bound, dropping the least recently used page", async () => {
    const { get, cache } = await start({ maxTotalBytes: 6000 });
    for (const path of ["/a", "/b", "/c", "/d"]) await get(path);
    expect(cache.bytes).toBeLessThanOrEqual(6000);
    expect(cache.size).toBe(2);
    expect((await get("/d")).cache).toBe("hit");
    expect((await get("/a")).cache).toBe("miss");
  });

  it("browserOnly drops shared caching", () => {
    expect(browserOnly("public, max-age=300, s-maxage=3600")).toBe("private, max-age=300");
    expect(browserOnly("public, s-maxage=3600")).toBe("private, no-store");
  });

  it("lookup (the fast lane) finds a stored page without waiting, and only then", async () => {
    const version = { value: 1n as bigint | null };
    const { get, cache } = await start({ version });
    const first = await get("/p");
    const host = new URL(first.response.url).host;
    const raw = (url: string, headers: Record<string, string> = {}) =>
      ({ method: "GET", url, headers: { host, ...headers } }) as unknown as IncomingMessage;
    expect(cache.lookup(raw("/q"))).toBeNull(); // nothing stored
    const hit = cache.lookup(raw("/p"));
    expect(hit?.headers["x-page-cache"]).toBe("hit");
    expect(hit?.headers["content-security-policy"]).toContain(sha256(INLINE_SCRIPTS[0]!));
    expect(hit?.body.toString()).toBe((await get("/p")).body);
    // Not for another host, a session cookie, or while the catalogue version is unknown.
    expect(cache.lookup(raw("/p", { host: "other.test" }))).toBeNull();
    expect(cache.lookup(raw("/p", { cookie: "session=x" }))).toBeNull();
    version.value = null;
    expect(cache.lookup(raw("/p"))).toBeNull();
  });
});
