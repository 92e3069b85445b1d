// The end-to-end suites reach the shop as visitors do in production: over https, through a
// TLS-terminating reverse proxy in front of the plain-http server (X-Forwarded-Proto and -For, which
// the shop believes from loopback, TRUST_PROXY's default). Chromium sends CSP reports through the
// Reporting API (`report-to`) only from https documents (docs/decisions/0021). The certificate is a
// throwaway self-signed one for 127.0.0.1, made by openssl at each start; the browser is launched
// with --ignore-certificate-errors. Loopback only.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";

const port = Number(process.env.TLS_PORT);
const appPort = Number(process.env.APP_PORT);
const dir = process.env.TLS_DIR ?? ".tmp/e2e-tls";
if (!port || !appPort) throw new Error("TLS_PORT and APP_PORT are required");

mkdirSync(dir, { recursive: true });
const key = path.join(dir, "key.pem");
const cert = path.join(dir, "cert.pem");
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "2",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1,DNS:localhost",
  ],
  { stdio: "ignore" },
);

// Hop-by-hop headers belong to one connection, not to the message (RFC 9110 § 7.6.1).
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);
const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
// Keep-alive as server/app.ts explains: the side that reuses an idle connection gives up first.
// Playwright's request client (Node's global agent) drops idle sockets after 5 s; the front kept
// Node's default of 5 s too, and CI saw "socket hang up" on a sign-in request that landed on a
// socket the front was closing. Towards the shop (65 s) the front is the reusing side.
const CLIENT_IDLE_MS = 65_000;
const UPSTREAM_IDLE_MS = 30_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: UPSTREAM_IDLE_MS });

const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
  const upstream = http.request(
    {
      host: "127.0.0.1",
      port: appPort,
      method: req.method,
      path: req.url,
      agent,
      headers: {
        ...withoutHopByHop(req.headers),
        "x-forwarded-proto": "https",
        "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
    res.end("Der Shop antwortet nicht.");
  });
  req.pipe(upstream);
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
});
server.keepAliveTimeout = CLIENT_IDLE_MS;
server.headersTimeout = CLIENT_IDLE_MS + 1_000;
server.listen(port, "127.0.0.1", () =>
  console.log(`TLS front on https://127.0.0.1:${port} → http://127.0.0.1:${appPort}`),
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
