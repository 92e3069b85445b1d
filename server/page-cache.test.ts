// The page cache's rules with a stand-in for React Router behind it: what the request and the
// response decide, the fresh nonce per hit, HEAD from GET's entry, and what retires an entry.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { browserOnly, createPageCache } from "./page-cache";

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

/** A stand-in renderer: a nonce per response in the CSP and in the body, like app/entry.server.tsx. */
let renders = 0;
const renderPage: RequestHandler = (req, res) => {
  renders++;
  const nonce = `n${renders}${"x".repeat(20)}`;
  res.status(200);
  res.set("Content-Type", "text/html; charset=utf-8");
  res.set("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
  res.set("Cache-Control", String(req.query.cc ?? PUBLIC));
  res.set("Vary", "Cookie");
  if (req.query.cookie) res.append("Set-Cookie", "toast=abc; Path=/");
  if (req.query.status) res.status(Number(req.query.status));
  res.write(`<html><script nonce="${nonce}">1</script>`);
  res.end(`<p>${req.originalUrl} render ${renders} theme ${req.headers.cookie ?? ""}</p>${" ".repeat(2048)}</html>`);
};

async function start({
  version = { value: 1n },
  build = { id: "b1" },
  clock,
  render = renderPage,
  maxTotalBytes,
}: Setup & { maxTotalBytes?: number } = {}) {
  const cache = createPageCache({
    enabled: true,
    maxTotalBytes,
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

describe("page cache", () => {
  it("answers the second anonymous GET from memory, with a fresh nonce in header and body", async () => {
    const { get } = await start();
    const first = await get("/p");
    const second = await get("/p");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    const [a, b] = [
      nonceOf(first.response.headers.get("content-security-policy")),
      nonceOf(second.response.headers.get("content-security-policy")),
    ];
    expect(a).toBeTruthy();
    expect(b).not.toBe(a);
    expect(second.body).toContain(`nonce="${b}"`);
    expect(second.body).not.toContain(a!);
    expect(second.body.replaceAll(b!, a!)).toBe(first.body);
    // No shared cache (CDN) may keep a document with a nonce; the browser its own copy briefly.
    expect(second.response.headers.get("cache-control")).toBe("private, max-age=60");
    expect(first.response.headers.get("cache-control")).toBe("private, max-age=60");
    // Compression still applies to hits.
    const gz = await get("/p", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.cache).toBe("hit");
    expect(gz.response.headers.get("content-encoding")).toBe("gzip");
    expect(gz.body).toContain("render");
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
    clock.now += 60_001;
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

  it("lookup (the fast lane) finds a stored page without waiting, with a fresh nonce, and only then", async () => {
    const version = { value: 1n as bigint | null };
    const { get, cache } = await start({ version });
    const first = await get("/p");
    const host = new URL(first.response.url).host;
    const raw = (url: string, headers: Record<string, string> = {}) =>
      ({ method: "GET", url, headers: { host, ...headers } }) as unknown as IncomingMessage;
    expect(cache.lookup(raw("/q"))).toBeNull(); // nothing stored
    const hit = cache.lookup(raw("/p"));
    expect(hit?.headers["x-page-cache"]).toBe("hit");
    const nonce = nonceOf(String(hit?.headers["content-security-policy"]));
    expect(nonce).not.toBe(nonceOf(first.response.headers.get("content-security-policy")));
    const body = Buffer.concat(hit?.pieces ?? []);
    expect(body.toString()).toContain(`nonce="${nonce}"`);
    expect(hit?.length).toBe(body.length);
    // Not for another host, a session cookie, or while the catalogue version is unknown.
    expect(cache.lookup(raw("/p", { host: "other.test" }))).toBeNull();
    expect(cache.lookup(raw("/p", { cookie: "session=x" }))).toBeNull();
    version.value = null;
    expect(cache.lookup(raw("/p"))).toBeNull();
  });
});
