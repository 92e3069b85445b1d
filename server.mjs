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
server.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
server.use(compression());
server.use((req, res, next) => {
  res.set(baseSecurityHeaders());
  // While stopping, every answer ends its connection: keep-alive clients (browsers, proxies)
  // move off instead of holding the closing server open with new requests.
  if (stopping) res.set("Connection", "close");
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > MAX_BODY_BYTES) {
    res.status(413).type("text/plain; charset=utf-8").send("Die Anfrage ist zu groß.");
    return;
  }
  next();
});
server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h" }));
server.all(
  "/{*splat}",
  createRequestHandler({ build, getLoadContext: (req) => app.createLoadContext({ ip: req.ip ?? "unknown" }) }),
);

const listener = server.listen(PORT, HOST, () => {
  log("info", "server listening", { url: `http://${HOST}:${PORT}`, engine, startupMs: Math.round(performance.now() - startedAt) });
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

function log(level, msg, fields) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n");
}
