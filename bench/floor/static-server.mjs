// Floor (b) of `npm run bench`: a plain node:http server that answers each page with the bytes
// the real server sent for it (captured once before the run) — the cost of HTTP alone.
// env: PORT, HOST, STATIC_FIXTURE = JSON file { "<path>": { "html": "<document>" } }
import { readFileSync } from "node:fs";
import http from "node:http";

const fixture = JSON.parse(readFileSync(process.env.STATIC_FIXTURE, "utf8"));
const pages = new Map(Object.entries(fixture).map(([path, { html }]) => [path, Buffer.from(html)]));

http
  .createServer((req, res) => {
    const url = new URL(req.url, "http://floor");
    const body = pages.get(url.pathname + url.search);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
