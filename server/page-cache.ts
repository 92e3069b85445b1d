// The shared page cache: anonymous GETs of pages the app itself called public are answered from
// memory, before React Router runs (a hit skips loaders and React's render). docs/decisions/0002-page-cache.md.
//
// Never one visitor's bytes to another: the request decides whether to look (GET/HEAD, no
// `.data`, no Authorization, no cookie but the keyed ones: the theme, and the cart by its item
// count), the RESPONSE decides whether to store (200, `Cache-Control: public`, no Set-Cookie, the
// render showed the cart count the key says) — so a page that showed a toast, a session, a cart's
// lines or a form error, which the app always marks private or answers with Set-Cookie, is never kept.
//
// What is stored holds nothing per response, so every hit sends the same bytes to everyone
// (docs/decisions/0019-hashed-csp-for-stored-pages.md): the miss's CSP nonce is replaced by the
// hashes of the page's inline scripts (./stored-page.ts), the body is compressed once (gzip at
// once, brotli in the background) and a hit leaves with the app's own `public, …, s-maxage=…`.
// The miss itself was streamed with its nonce, which no shared cache may keep: it leaves as
// `private, max-age=…` (`browserOnly`; the browser's own copy holds only its own nonce).
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { isPublicAnswer } from "~/server/http/cache-policy.server";
import { brotliOnce, compressible, gzipOnce, pickEncoding, withoutNonce, type Encoding } from "./stored-page";
import {
  holdBody,
  memberTemplate,
  nonceOfPolicy,
  memberCopies,
  storable,
  type MemberLane,
  type MemberTemplate,
} from "./member-pages";
import { renderAgrees, requestKey, THEME_KEYED, type KeyedCookies } from "./page-key";

export { THEME_KEYED, type KeyedCookies } from "./page-key";

export interface PageCacheOptions {
  /** false: only the shared-cache header rewrite (development, where every edit changes the pages). */
  enabled: boolean;
  /** The deploy: the server build's asset version. Part of every key. */
  buildId: () => Promise<string> | string;
  /** The catalogue version (null: bypass for now). Part of every key; a write elsewhere retires all pages. */
  catalogVersion: () => Promise<bigint | null>;
  /**
   * The same, answered without waiting: undefined when it would have to be re-checked first. Lets
   * `lookup` (the fast lane in front of Express) find a hit synchronously.
   */
  catalogVersionNow?: () => bigint | undefined;
  ttlMs?: number;
  maxEntries?: number;
  /** A larger page is served but not stored. */
  maxEntryBytes?: number;
  /** All entries together (random query strings cannot grow the cache beyond this). */
  maxTotalBytes?: number;
  now?: () => number;
  /** Tests: how the brotli variant is made (default ./stored-page.ts brotliOnce). */
  brotli?: (body: Buffer) => Promise<Buffer>;
  /** The cookies a cached page may come with, and what each gives the key (default: the theme as sent). */
  keyedCookies?: KeyedCookies;
  /** Members' shared catalogue pages (./member-pages.ts); without it a member's cookie bypasses the cache. */
  members?: MemberLane;
}

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** Compressed variants; absent when the body is too small or not text, brotli until it is done. */
  gzip?: Buffer;
  br?: Buffer;
  /** A member's page: its bytes around the e-mail stand-in and the nonce it was rendered with. */
  member?: MemberTemplate;
  /** All variants together. */
  bytes: number;
  stored: number;
  expires: number;
}

/** A hit, ready to send: the stored headers (with Content-Encoding and -Length) and bytes. */
export interface Hit {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export const PAGE_CACHE_TTL_MS = 60_000;
/** Per-response headers, never replayed from the store. */
const NOT_STORED = new Set([
  "x-request-id",
  "date",
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "x-page-cache",
  "set-cookie",
]);
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]+)'/;

/** `public, max-age=60, s-maxage=300` → `private, max-age=60`: no shared cache may keep a nonce. */
export function browserOnly(cacheControl: string): string {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl)?.[1];
  return maxAge ? `private, max-age=${maxAge}` : "private, no-store";
}

export function createPageCache(options: PageCacheOptions) {
  const ttl = options.ttlMs ?? PAGE_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? 500;
  const maxEntryBytes = options.maxEntryBytes ?? 512 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
  const keyed = options.keyedCookies ?? THEME_KEYED;
  const memberCookies = () => options.members?.cookies() ?? [];
  let totalBytes = 0;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  // Members' copies (their address in, hashes for the nonce) live beside the templates, bounded apart.
  const copies = memberCopies(maxTotalBytes / 2);
  const stats = { hits: 0, misses: 0, stored: 0, bypassed: 0 };
  /** Brotli runs one page at a time: the thread pool also serves the static files' reads. */
  let brotliQueue = Promise.resolve();

  /** The stored variant the request accepts; null when it accepts none (Express answers it). */
  function hitOf(entry: Entry, acceptEncoding: string | string[] | undefined): Hit | null {
    const available: Encoding[] = [...(entry.br ? ["br" as const] : []), ...(entry.gzip ? ["gzip" as const] : [])];
    const encoding = pickEncoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(", ") : acceptEncoding, [
      ...available,
      "identity",
    ]);
    if (!encoding) return null;
    const body = encoding === "identity" ? entry.body : entry[encoding]!;
    const headers: OutgoingHttpHeaders = {
      ...entry.headers,
      // A CDN counts s-maxage from when the page was rendered, not from this answer (RFC 9111 §5.1).
      age: String(Math.max(0, Math.floor((now() - entry.stored) / 1000))),
      "x-page-cache": "hit",
      "content-length": body.length,
    };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    return { headers, body };
  }

  function serve(req: Request, res: Response, entry: Entry) {
    // Not acceptable as stored: the identity body, left to the compression middleware to negotiate.
    const { headers, body } = hitOf(entry, req.headers["accept-encoding"]) ?? hitOf(entry, undefined)!;
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    res.statusCode = 200;
    if (req.method === "HEAD") return void res.end();
    res.end(body);
  }

  /** Adds the brotli variant to a stored entry, unless it was dropped while waiting. */
  function addBrotli(key: string, entry: Entry) {
    brotliQueue = brotliQueue.then(async () => {
      if (entries.get(key) !== entry) return;
      const br = await (options.brotli ?? brotliOnce)(entry.body).catch(() => undefined);
      if (!br || br.length >= (entry.gzip ?? entry.body).length || entries.get(key) !== entry) return;
      entry.br = br;
      entry.bytes += br.length;
      totalBytes += br.length;
      evict();
    });
  }

  function evict() {
    while (entries.size > maxEntries || totalBytes > maxTotalBytes) drop(entries.keys().next().value!);
  }

  /** The live entry for a key, most recently used last (the oldest is dropped first when full). */
  function take(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      drop(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  /** Watches the answer: rewrites a shared-cacheable nonce document to browser-only, stores it if allowed. */
  function watch(res: Response, store: ((entry: Entry) => void) | null) {
    // Decided in writeHead, which Node calls inside the first write/end: chunks are collected
    // before the decision and dropped at the end if it said no.
    let storable = false;
    let appCacheControl = "";
    let overflow = false;
    let size = 0;
    const chunks: Buffer[] = [];
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      appCacheControl = cacheControl;
      const csp = String(res.getHeader("content-security-policy") ?? "");
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      storable =
        store !== null &&
        status === 200 &&
        isPublicAnswer(cacheControl) &&
        res.getHeader("set-cookie") === undefined &&
        !(args.slice(1).some((a) => a && typeof a === "object") as boolean);
      if (NONCE_IN_CSP.test(csp) && isPublicAnswer(cacheControl))
        res.setHeader("Cache-Control", browserOnly(cacheControl));
      if (store) res.setHeader("X-Page-Cache", "miss");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    if (!store) return;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxEntryBytes) {
        overflow = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = res.write;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    const end = res.end;
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.once("finish", () => {
      if (!storable || overflow) return;
      const headers = storedHeaders(res);
      // Every hit picks a variant by Accept-Encoding, whether or not it is compressed.
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
      let body: Buffer = Buffer.concat(chunks);
      const csp = String(headers["content-security-policy"] ?? "");
      const nonce = NONCE_IN_CSP.exec(csp)?.[1];
      if (nonce) {
        const page = withoutNonce(body, csp, nonce);
        if (!page) return;
        body = page.body;
        headers["content-security-policy"] = page.csp;
      }
      // Nothing per response is left in the bytes: they leave with the route's own policy, CDN included.
      headers["cache-control"] = appCacheControl;
      const gzip = compressible(headers["content-type"], body) ? gzipOnce(body) : undefined;
      const entry: Entry = { headers, body, bytes: body.length, stored: now(), expires: now() + ttl };
      if (gzip && gzip.length < body.length) {
        entry.gzip = gzip;
        entry.bytes += gzip.length;
      }
      store(entry);
    });
  }

  /** The response's headers that every answer from the stored page repeats. */
  function storedHeaders(res: Response): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_STORED.has(name)) headers[name] = value;
    // Compression added its own headers by now; they are per request.
    if (headers.vary)
      headers.vary = String(headers.vary)
        .replace(/,?\s*Accept-Encoding/i, "")
        .replace(/^,\s*/, "");
    if (!headers.vary) delete headers.vary;
    return headers;
  }

  function put(key: string, fresh: Entry) {
    drop(key);
    entries.set(key, fresh);
    totalBytes += fresh.bytes;
    stats.stored++;
    evict();
    if (fresh.gzip) addBrotli(key, fresh);
  }

  /** A member's page (./member-pages.ts): from the store with their address put in, or rendered and kept. */
  function memberPage(
    req: Request,
    res: Response,
    next: () => void,
    pageKey: string,
    cookieParts: Record<string, string>,
  ) {
    const lane = options.members!;
    const bypass = () => {
      stats.bypassed++;
      watch(res, null);
      next();
    };
    if (req.method !== "GET") return bypass();
    lane.viewOf(req).then((view) => {
      if (!view) return bypass();
      const key = `${pageKey}\nmember=${view.key}${view.personal === undefined ? "" : `\npersonal=${view.personal}`}`;
      const entry = take(key);
      if (entry?.member) {
        stats.hits++;
        const page = copies.answer(entry.headers, entry.member, view, req.headers["accept-encoding"]);
        for (const [name, value] of Object.entries(page.headers)) if (value !== undefined) res.setHeader(name, value);
        res.setHeader("X-Page-Cache", "hit");
        res.statusCode = 200;
        return void res.end(page.body);
      }
      stats.misses++;
      // A page of the member's own (the dashboard) shows their address; it is keyed by them.
      if (view.personal === undefined) res.locals.memberStandIn = lane.emailStandIn;
      res.setHeader("X-Page-Cache", "miss");
      holdBody(res, (body) => {
        const nonce = nonceOfPolicy(res.getHeader("content-security-policy"));
        if (
          nonce &&
          res.statusCode === 200 &&
          res.getHeader("set-cookie") === undefined &&
          Buffer.byteLength(body) <= maxEntryBytes &&
          renderAgrees(keyed, cookieParts, res.locals.renderedKey) &&
          storable(body, view, res.locals.renderedKey as Record<string, unknown> | undefined)
        ) {
          const stored = now();
          const template = memberTemplate(body, lane.emailStandIn, nonce);
          put(key, {
            headers: storedHeaders(res),
            body: Buffer.alloc(0),
            member: template,
            bytes: template.bytes,
            stored,
            expires: stored + ttl,
          });
        }
        return body.replaceAll(lane.emailStandIn, view.email);
      });
      next();
    }, bypass);
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  }

  const lastBuildId = { value: undefined as string | undefined };
  const middleware: RequestHandler = (req, res, next) => {
    // Its write has committed once the answer is out: a member's next page must show it.
    if (req.method !== "GET" && req.method !== "HEAD" && options.members?.afterWrite)
      res.once("close", options.members.afterWrite);
    const requestPart = options.enabled
      ? requestKey({ method: req.method, url: req.originalUrl, headers: req.headers }, keyed, memberCookies())
      : null;
    if (!requestPart) {
      if (options.enabled) stats.bypassed++;
      watch(res, null);
      return next();
    }
    Promise.all([options.buildId(), options.catalogVersion()]).then(
      ([buildId, version]) => {
        lastBuildId.value = buildId;
        if (version === null) {
          stats.bypassed++;
          watch(res, null);
          return next();
        }
        const key = `${buildId}\n${version}\n${requestPart.key}`;
        if (requestPart.member) return memberPage(req, res, next, key, requestPart.cookieParts);
        const entry = take(key);
        if (entry) {
          stats.hits++;
          return serve(req, res, entry);
        }
        stats.misses++;
        // HEAD fills nothing (no body); GET's entry answers it later.
        watch(
          res,
          req.method === "GET"
            ? (fresh) => {
                if (renderAgrees(keyed, requestPart.cookieParts, res.locals.renderedKey)) put(key, fresh);
              }
            : null,
        );
        next();
      },
      // The version could not be read (database down): render, the page shows its error state.
      () => {
        stats.bypassed++;
        watch(res, null);
        next();
      },
    );
  };

  /**
   * A hit for a raw request when one can be found without waiting (the version known, the entry
   * live), else null and the request goes the usual way. For the fast lane in server/app.ts.
   */
  function lookup(req: IncomingMessage): Hit | null {
    if (!options.enabled || !options.catalogVersionNow || lastBuildId.value === undefined) return null;
    const requestPart = requestKey(req, keyed);
    if (!requestPart) return null;
    const version = options.catalogVersionNow();
    if (version === undefined) return null;
    const entry = take(`${lastBuildId.value}\n${version}\n${requestPart.key}`);
    const hit = entry && hitOf(entry, req.headers["accept-encoding"]);
    if (!hit) return null;
    stats.hits++;
    return hit;
  }

  return {
    middleware,
    lookup,
    stats,
    /** Tests: resolves once every brotli variant asked for so far is done. */
    settled: () => brotliQueue,
    /** Tests and operators: forget every page. */
    clear: () => {
      entries.clear();
      copies.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
  };
}
