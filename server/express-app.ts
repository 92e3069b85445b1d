// The shop's Express app, the same in development and production (React Router's node
// custom-server template): request id and log line, requests no browser of the shop sends,
// security headers, body bound, cross-site check, client IP, CSP violation reports, then static
// files (production) or Vite (development), then React Router.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestMetaContext, type RequestMeta } from "~/server/http/context.server";
import { cartCookieName } from "~/server/members/session.server";
import { cartKeyPart } from "~/server/cart/cart-cookie.server";
import { MEMBER_EMAIL_STAND_IN, memberCookies, memberViewOf } from "~/server/members/member-view.server";
import { recheckMemberData } from "~/server/members/member-data-version.server";
import { logger as defaultLogger, redactUrl, type AppLogger } from "~/server/platform/log.server";
import { catalogVersionNow, currentCatalogVersion } from "~/server/catalog/catalog-cache.server";
import { bodyLimit, crossSiteGuard, malformedRequest, refuseMalformedRequests, securityHeaders } from "./guards";
import { cspReports, type CspReportOptions } from "./csp-report";
import { createPageCache, THEME_KEYED } from "./page-cache";

export type AppMode = "development" | "production";

export interface AppOptions {
  /** production: serves the built client files; development: hands what it does not route to Vite. */
  mode: AppMode;
  /** React Router's server build, or a function that loads it (per request in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** production: the client build directory (`build/client`). */
  clientDir?: string;
  /** development: Vite's middleware stack (`vite.middlewares` in middleware mode). */
  devMiddleware?: RequestHandler;
  /** Express "trust proxy" as TRUST_PROXY spells it; default `loopback`. */
  trustProxy?: string;
  /** Set to true while the server shuts down (answers then close their connections). */
  state?: { stopping: boolean };
  logger?: AppLogger;
  /**
   * Serve anonymous public pages from the in-process page cache (./page-cache.ts). Off by default
   * (tests, the bench's floors); server/app.ts turns it on in production.
   */
  pageCache?: boolean;
  /** Tests: the CSP report endpoint's rate limit and whether it keeps reports (./csp-report.ts). */
  cspReports?: Omit<CspReportOptions, "log">;
}

/** An incoming X-Request-Id is kept only if it is short and plain; otherwise a new one is made. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function createApp(options: AppOptions) {
  const log = options.logger ?? defaultLogger;
  const state = options.state ?? { stopping: false };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(options.trustProxy ?? "loopback"));
  app.use(requestLog(log));
  app.use(refuseMalformedRequests);
  app.use(compression());
  app.use(securityHeaders(state));
  app.use(bodyLimit);
  app.use(crossSiteGuard(log));
  app.use(cspReports({ ...options.cspReports, log }));
  if (options.mode === "development") {
    if (options.devMiddleware) app.use(options.devMiddleware);
  } else if (options.clientDir) {
    // Hashed, immutable files, each stored compressed at build time (vite.config.ts): the variant the
    // request accepts is sent as it is, with no compression per request.
    app.use(
      "/assets",
      expressStaticGzip(`${options.clientDir}/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
      missingAsset,
    );
    // Everything in build/client has a file extension; a page path (no dot in its last segment)
    // skips the file-system lookup, which cost every page view a stat() call.
    const files = express.static(options.clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next()));
  }
  const pageCache = createPageCache({
    enabled: options.pageCache === true && options.mode === "production",
    buildId: buildIdOf(options.build),
    catalogVersion: currentCatalogVersion,
    catalogVersionNow,
    keyedCookies: { ...THEME_KEYED, [cartCookieName]: { keyOf: cartKeyPart, confirmedByRender: true } },
    members: {
      cookies: memberCookies,
      viewOf: memberViewOf,
      emailStandIn: MEMBER_EMAIL_STAND_IN,
      afterWrite: recheckMemberData,
    },
  });
  app.use(pageCache.middleware);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.build,
      getLoadContext: (req, res) =>
        createLoadContext({
          ip: req.ip ?? "unknown",
          requestId: res.locals.requestId,
          // Filled by the render, read by the page cache before it stores the page.
          renderedKey: (res.locals.renderedKey = {}),
          memberStandIn: res.locals.memberStandIn as string | undefined,
        }),
    }),
  );
  app.use(lastResort(log));
  return Object.assign(app, { pageCache, fastLane: fastLane(pageCache, state, log) });
}

/**
 * The page cache's hits answered straight from Node's HTTP server, before Express (a
 * hit through Express and its middleware cost ten times what sending the bytes costs). It does
 * what the middleware stack would have done for such a request: request id and log line, the
 * stored security headers, the stored variant for the Accept-Encoding. False: Express takes it.
 */
function fastLane(pageCache: ReturnType<typeof createPageCache>, state: { stopping: boolean }, log: AppLogger) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (state.stopping || malformedRequest(req.method, req.url, req.headers.host)) return false;
    const hit = pageCache.lookup(req);
    if (!hit) return false;
    const started = performance.now();
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.writeHead(200, { ...hit.headers, "x-request-id": requestId });
    // HEAD: the same headers (Content-Length of what GET would send), no body.
    if (req.method === "HEAD") res.end();
    else res.end(hit.body);
    log.info("request", {
      requestId,
      method: req.method,
      path: redactUrl(req.url ?? "/"),
      status: 200,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  };
}

/** The deploy a cached page belongs to: the build's asset version (a new build, new keys). */
function buildIdOf(build: AppOptions["build"]) {
  if (typeof build !== "function") return () => build.assets.version;
  let version: Promise<string> | undefined;
  return () => (version ??= build().then((b) => b.assets.version));
}

/** Each request's React Router context: the client IP (for rate limits) and its request id. */
export function createLoadContext(meta: RequestMeta) {
  const context = new RouterContextProvider();
  context.set(requestMetaContext, meta);
  return context;
}

/**
 * One log line per request when its answer is done or its connection gone: request id, method,
 * path (token-like query values redacted), status, duration. The id goes back as X-Request-Id.
 */
function requestLog(log: AppLogger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.set("X-Request-Id", requestId);
    const started = performance.now();
    res.once("close", () => {
      const fields = {
        requestId,
        method: req.method,
        path: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) log.warn("request", fields);
      else log.info("request", fields);
    });
    next();
  };
}

/** An error that escaped every handler: logged with its stack, answered with a German 500. */
function lastResort(log: AppLogger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    log.error("request failed", { requestId: res.locals.requestId, method: req.method, path: req.path, error });
    if (res.headersSent) return void res.destroy();
    res.status(500).type("text/plain; charset=utf-8").send("Ein Fehler ist aufgetreten. Bitte versuche es erneut.");
  };
}

/**
 * TRUST_PROXY in Express's terms: "true"/"false", a hop count ("1"), or addresses and names
 * ("loopback", "10.0.0.0/8, 127.0.0.1"). Express reads a string as addresses only, so "false"
 * would otherwise stop the server at start with "invalid IP address".
 */
export function trustProxySetting(value: string): boolean | number | string {
  const text = value.trim();
  if (text === "true" || text === "false") return text === "true";
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

/**
 * A hashed file that is not there, e.g. a page of an earlier build asking for its scripts: a plain
 * 404, never a page. express-static-gzip indexes the compressed variants at start; for a file gone
 * since, it has already set that variant's Content-Encoding and Content-Type, which must not reach
 * the answer (a page rendered on top threw on the second Content-Type: a 500).
 */
const missingAsset: RequestHandler = (_req, res) => {
  res.removeHeader("Content-Encoding");
  res.removeHeader("Content-Type");
  res.status(404).type("text/plain; charset=utf-8").send("Nicht gefunden.");
};
