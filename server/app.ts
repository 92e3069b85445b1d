// The shop's server, built by Vite together with the app (vite.config.ts makes this the SSR
// build's input, so `build/server/index.js` is this module with React Router's build inside).
// server.mjs loads it (production: the build; development: through Vite) and calls start().
// Follow a request: createApp (./express-app.ts) → React Router → the route module in app/routes.
import http from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { closeDatabase, database } from "~/server/db/db.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";
import { loadCriticalCss } from "~/server/http/critical-css.server";
import { provideEmbeddedSessionSecret } from "~/server/platform/session-secret.server";
import { startMailWorker, stopMailWorker } from "~/server/mail/outbox.server";
import { refreshShopClock } from "~/server/jobs/clock.server";
import { JOB_HANDLERS } from "~/server/jobs/handlers.server";
import { startJobWorker, stopJobWorker } from "~/server/jobs/jobs.server";
import { createApp, type AppMode } from "./express-app";

export { createApp } from "./express-app";
// The bench's bare floor (bench/floor/server.mjs) renders with the same per-page critical CSS.
export { loadCriticalCss };
export { runAdminCommand } from "./admin";
export { runBackupCommand, runRestoreCommand } from "./backup";

/** React Router's build of app/ (in development Vite loads it afresh after each edit). */
export const serverBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** How long in-flight requests may finish after SIGTERM before their connections are cut. */
const DRAIN_MS = 10_000;

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) equals the idle time of
 * the clients that reuse connections (Node's own http.Agent) and is far below a reverse proxy's
 * (nginx and AWS ALB: 60 s). When both ends give up at about the same moment, the client sends its
 * next request on a socket the server is closing and gets ECONNRESET; a proxy answers that with a
 * 502. The side that reuses connections must time out first, so the server waits longer.
 */
const KEEP_ALIVE_MS = 65_000;

export interface StartOptions {
  mode: AppMode;
  /** production: the build directory holding `client/` (BUILD_DIR, default `build`). */
  buildDir?: string;
  /** development: Vite in middleware mode, and the HTTP server its HMR socket is attached to. */
  dev?: { middleware: RequestHandler; httpServer: http.Server; close: () => Promise<void> };
}

/** Validates the environment, opens and migrates the database. */
export async function startup() {
  env();
  const handle = await database();
  await refreshShopClock();
  startMailWorker();
  startJobWorker(JOB_HANDLERS);
  return { engine: handle.engine };
}

/** Closes the database once the HTTP server took its last request. */
export async function shutdown() {
  await stopJobWorker();
  await stopMailWorker();
  await closeDatabase();
}

/** Starts the server: database first, then listening; SIGTERM/SIGINT stop it gracefully. */
export async function start({ mode, buildDir = "build", dev }: StartOptions) {
  const startedAt = performance.now();
  let engine: string;
  try {
    if (mode === "production" && provideEmbeddedSessionSecret()) {
      logger.info("session secret kept in DATA_DIR (SESSION_SECRET is not set)");
    }
    ({ engine } = await startup());
  } catch (error) {
    logger.error("startup failed", { error });
    process.exit(1);
  }
  if (mode === "production" && !loadCriticalCss(buildDir)) {
    logger.warn("no critical.css in the build (npm run build writes it): documents inline the whole sheet");
  }
  const state = { stopping: false };
  const app = createApp({
    mode,
    // Production loads the build once: given a function, React Router re-derives its routes and
    // request handler on every request (for development, where each edit makes a new build).
    build: mode === "production" ? await serverBuild() : serverBuild,
    clientDir: `${buildDir}/client`,
    devMiddleware: dev?.middleware,
    trustProxy: env().TRUST_PROXY,
    state,
    pageCache: mode === "production",
  });
  const listener = dev?.httpServer ?? http.createServer();
  listener.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's advice: the bound for a request's headers is longer than the keep-alive idle time.
  listener.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // Page-cache hits are answered before Express (express-app.ts, fastLane); the rest goes through it.
  listener.on("request", (req, res) => app.fastLane(req, res) || app(req, res));
  const { PORT, HOST } = env();
  listener.listen(PORT, HOST, () => {
    logger.info("server listening", {
      url: `http://${HOST}:${PORT}`,
      mode,
      engine,
      startupMs: Math.round(performance.now() - startedAt),
    });
  });

  async function stop(signal: string) {
    if (state.stopping) return;
    state.stopping = true;
    logger.info("shutting down", { signal });
    // Stop taking connections, let in-flight requests finish (their answers close their
    // connections), then close the database cleanly. Requests still running after the bound lose
    // their connection; the closed database refuses them instead of being reopened.
    const closed = new Promise((resolve) => listener.close(resolve));
    listener.closeIdleConnections();
    const force = setTimeout(() => listener.closeAllConnections(), DRAIN_MS);
    // Vite's HMR socket (development) would otherwise hold the server open until the bound.
    await dev?.close().catch((error: unknown) => logger.warn("vite close failed", { error }));
    await closed;
    clearTimeout(force);
    try {
      await shutdown();
    } catch (error) {
      logger.error("shutdown failed", { error });
      process.exit(1);
    }
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
