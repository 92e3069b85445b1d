// Floor (b) of `npm run bench`: a plain node:http server that answers each page with the bytes
// the real server sent for it (captured once before the run) — the cost of HTTP alone. A request
// that accepts brotli gets the page compressed once at start, as the app's page cache stores it;
// with `X-Compress-Per-Answer: 1` (the bench's members rows) it is compressed for each answer
// instead, in one call at the compression middleware's quality: what one compression costs in a
// server under the same load.
// For Lighthouse's floor (scripts/bench-lighthouse.mjs) it also serves the client build's files
// (STATIC_ASSETS) and adds STATIC_HEADERS (JSON) to each document.
// env: PORT, HOST, STATIC_FIXTURE = JSON file { "<path>": { "html": "<document>" } }, STATIC_ASSETS,
//      STATIC_HEADERS
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";

const fixture = JSON.parse(readFileSync(process.env.STATIC_FIXTURE, "utf8"));
const pages = new Map(Object.entries(fixture).map(([path, { html }]) => [path, Buffer.from(html)]));
const brotli = new Map(
  [...pages].map(([path, body]) => [
    path,
    brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
  ]),
);

const assetsDir = process.env.STATIC_ASSETS;
const documentHeaders = JSON.parse(process.env.STATIC_HEADERS ?? "{}");
const TYPES = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain",
  ".json": "application/json",
};

/** A file of the client build, or null (no directory given, not a file, or outside it). */
function asset(pathname) {
  if (!assetsDir) return null;
  const file = normalize(join(assetsDir, decodeURIComponent(pathname)));
  if (!file.startsWith(normalize(assetsDir)) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

http
  .createServer((req, res) => {
    const url = new URL(req.url, "http://floor");
    const identity = pages.get(url.pathname + url.search);
    if (!identity) {
      const file = asset(url.pathname);
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      res.writeHead(200, { "Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable" });
      res.end(readFileSync(file));
      return;
    }
    const br = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
    const perAnswer = req.headers["x-compress-per-answer"] === "1";
    const body = !br
      ? identity
      : perAnswer
        ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : brotli.get(url.pathname + url.search);
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
      ...documentHeaders,
      ...(br ? { "Content-Encoding": "br" } : {}),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
