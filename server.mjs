// Production HTTP entry: Express per React Router's node template, plus what operations need:
// security headers on every response, a body-size bound, /healthz, graceful shutdown.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const build = await import(`./${BUILD_DIR}/server/index.js`);
const app = build.entry.module;
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const MAX_BODY_BYTES = 1024 * 1024;

const startedAt = performance.now();
/** Set on SIGTERM/SIGINT (see stop below). */
let stopping = false;
let engine;
try {
  ({ engine } = await app.startup());
} catch (error) {
  log("error", "startup failed", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
const { baseSecurityHeaders } = app;

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY ?? "loopback"));
server.use(compression());
server.use((req, res, next) => {
  res.set(baseSecurityHeaders());
  // While stopping, every answer ends its connection: keep-alive clients (browsers, proxies)
  // move off instead of holding the closing server open with new requests.
  if (stopping) res.set("Connection", "close");
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > MAX_BODY_BYTES) {
    // The body is never read: close the connection rather than drain up to Content-Length bytes.
    res.status(413).set("Connection", "close").type("text/plain; charset=utf-8").send("Die Anfrage ist zu groß.");
    return;
  }
  // The bound above reads Content-Length, which Node's parser enforces; a chunked body has none
  // and could grow without limit. Browsers always send the length for forms.
  if (req.headers["transfer-encoding"] !== undefined && req.headers["content-length"] === undefined) {
    res
      .status(411)
      .set("Connection", "close")
      .type("text/plain; charset=utf-8")
      .send("Die Anfrage braucht eine Längenangabe (Content-Length).");
    return;
  }
  // An answer given before the body was read (a guard's redirect, a refused content type) leaves
  // the rest of the body paused in the socket, and the keep-alive connection stalls until the
  // request timeout. Discard what is left (at most MAX_BODY_BYTES) once the answer is out.
  res.once("finish", () => {
    if (!req.complete) {
      req.removeAllListeners("data");
      req.resume();
    }
  });
  next();
});
server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h" }));
server.all(
  "/{*splat}",
  createRequestHandler({ build, getLoadContext: (req) => app.createLoadContext({ ip: req.ip ?? "unknown" }) }),
);

const listener = server.listen(PORT, HOST, () => {
  log("info", "server listening", {
    url: `http://${HOST}:${PORT}`,
    engine,
    startupMs: Math.round(performance.now() - startedAt),
  });
});

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log("info", "shutting down", { signal });
  // Stop taking connections, let in-flight requests finish (their answers close their
  // connections), then close the database cleanly. Requests still running after the bound lose
  // their connection; the closed database refuses them instead of being reopened.
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  const force = setTimeout(() => listener.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  try {
    await app.shutdown();
  } catch (error) {
    log("error", "shutdown failed", { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  log("info", "stopped", {});
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

/**
 * TRUST_PROXY in Express's terms: "true"/"false", a hop count ("1"), or addresses and names
 * ("loopback", "10.0.0.0/8, 127.0.0.1"). Express reads a string as addresses only, so "false"
 * would otherwise stop the server at start with "invalid IP address".
 */
function trustProxySetting(value) {
  const text = value.trim();
  if (text === "true" || text === "false") return text === "true";
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

function log(level, msg, fields) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n");
}
