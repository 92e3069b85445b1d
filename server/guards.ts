// The checks every request passes before any route (or, in development, Vite) sees it: requests
// no browser of the shop sends, security headers, the body bound, and the cross-site check. Dev
// and production mount the same ones.
import type { Request, RequestHandler } from "express";
import { logger, type AppLogger } from "~/server/platform/log.server";
import { env } from "~/server/platform/env.server";
import { CSP_REPORT_PATH } from "~/server/http/security.server";

export const MAX_BODY_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TEXT = "text/plain; charset=utf-8";
export const CROSS_SITE_MESSAGE = "Diese Anfrage kam von einer anderen Website und wurde deshalb abgelehnt.";

/** What the shop answers: pages and data (GET, HEAD) and its forms (POST). */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
export const METHOD_NOT_ALLOWED_MESSAGE = "Diese Anfragemethode wird hier nicht unterstützt.";
export const BAD_REQUEST_MESSAGE = "Die Anfrage ist ungültig.";

/**
 * Why a request is refused before routing, or null: another method (OPTIONS, PUT, TRACE, PROPFIND
 * …: 405 with Allow), a target in absolute form (`GET http://host/ HTTP/1.1`, a proxy's request)
 * or a request without Host (HTTP/1.0), or a path with a broken percent-escape: 400. Routing them reached React Router, which built a URL
 * from them and failed with a 500 and a stack trace in the log; these are no one's mistake in the
 * shop, so they are logged as the one info line every request gets, not as errors.
 */
export function malformedRequest(method: string | undefined, url: string | undefined, host: string | undefined) {
  if (!ALLOWED_METHODS.includes(method ?? "")) return { status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } as const;
  if (!url?.startsWith("/") || !host || !decodablePath(url))
    return { status: 400, message: BAD_REQUEST_MESSAGE } as const;
  return null;
}

/** `/%E0%A4%A` or `/events/%ff`: a path no browser sends, which the router cannot decode (it threw a 500). */
function decodablePath(url: string) {
  const end = url.indexOf("?");
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes("%")) return true;
  try {
    // The result is used: a bundler takes a bare call of this built-in for free of effects and drops it.
    return decodeURIComponent(path) !== "";
  } catch {
    return false;
  }
}

export const refuseMalformedRequests: RequestHandler = (req, res, next) => {
  const refusal = malformedRequest(req.method, req.url, req.headers.host);
  if (!refusal) return next();
  if (refusal.status === 405) res.set("Allow", ALLOWED_METHODS.join(", "));
  res.status(refusal.status).set("Connection", "close").type(TEXT).send(refusal.message);
};

/**
 * Headers for every response (documents, data, assets, redirects); documents add their CSP and,
 * unless public, Cross-Origin-Opener-Policy (app/server/http/security.server.ts).
 */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(env().isProduction ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Headers a route may set for itself (a token page's `Referrer-Policy: no-referrer`). React Router's
 * adapter appends a route's headers, which would send the site-wide value and the route's as a list;
 * the route's replaces it instead, so a proxy that keeps only the first never weakens it.
 */
const ROUTE_OWNED = new Set(["referrer-policy"]);

/** Security headers; while the server stops, every answer also ends its connection. */
export function securityHeaders(state: { stopping: boolean }): RequestHandler {
  return (_req, res, next) => {
    res.set(baseSecurityHeaders());
    const append = res.append.bind(res);
    res.append = (field, value) =>
      ROUTE_OWNED.has(field.toLowerCase()) ? res.set(field, value) : append(field, value);
    // Keep-alive clients (browsers, proxies) move off instead of holding the closing server open.
    if (state.stopping) res.set("Connection", "close");
    next();
  };
}

/** Oversized uploads up to this size are received (and thrown away) before the 413 goes out. */
const MAX_DISCARDED_BYTES = 8 * MAX_BODY_BYTES;

/**
 * 413 above MAX_BODY_BYTES, 411 for a body without a length; no route ever sees either body.
 * An oversized upload of up to MAX_DISCARDED_BYTES is read to its end and discarded first: a
 * client that is still sending when the server closes the connection gets a reset (EPIPE) instead
 * of the answer, so the visitor would see a broken connection rather than "zu groß". A larger one
 * is answered at once and the connection closed.
 */
export const bodyLimit: RequestHandler = (req, res, next) => {
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > MAX_BODY_BYTES) {
    const refuse = () => res.status(413).type(TEXT).send("Die Anfrage ist zu groß.");
    if (length > MAX_DISCARDED_BYTES) {
      res.set("Connection", "close");
      refuse();
      return;
    }
    req.once("end", refuse);
    req.resume();
    return;
  }
  // The bound above reads Content-Length, which Node's parser enforces; a chunked body has none
  // and could grow without limit. Browsers always send the length for forms.
  if (req.headers["transfer-encoding"] !== undefined && req.headers["content-length"] === undefined) {
    res
      .status(411)
      .set("Connection", "close")
      .type(TEXT)
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
};

/** What the cross-site check reads from a request. */
export interface RequestOrigin {
  method: string;
  secFetchSite?: string;
  origin?: string;
  /** The request's own origin: protocol and Host as Express sees them (trust proxy applied). */
  ownOrigin: string;
}

/**
 * Whether a state-changing request comes from another site. `Sec-Fetch-Site` decides when the
 * browser sent it (`same-origin`, or `none` for what the user did in the browser itself): pages
 * sent with `Referrer-Policy: no-referrer` make Chromium post its own forms with `Origin: null`.
 * Without it the `Origin` must be the request's own; `null` is refused. A request with neither
 * header comes from no browser (curl, a server), where no cross-site forgery is possible.
 */
export function isCrossSite({ method, secFetchSite, origin, ownOrigin }: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (origin === undefined) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).origin !== new URL(ownOrigin).origin;
  } catch {
    return true;
  }
}

export function requestOrigin(req: Request): RequestOrigin {
  return {
    method: req.method,
    secFetchSite: req.get("sec-fetch-site")?.trim().toLowerCase(),
    origin: req.get("origin")?.trim(),
    ownOrigin: `${req.protocol}://${req.host}`,
  };
}

/**
 * The paths other sites may POST to. docs/security.md.
 * - `/newsletter/abmelden`: the newsletter's one-click unsubscribe (RFC 8058). Mail providers send
 *   that POST themselves, with no Origin of ours. It needs the personal token in the URL, which only
 *   the recipient's mail carries, and can do nothing but unsubscribe that address, so a forged
 *   request from another site gains nothing.
 * - `/csp-report`: CSP violation reports (./csp-report.ts). The browser sends them itself, and a
 *   document with an opaque origin (the admin's sandboxed newsletter preview) reports with
 *   `Origin: null` and `Sec-Fetch-Site: cross-site`. All a report can do is write a log line, bounded
 *   in size and rate; it reads no session and sets no cookie.
 */
export const CROSS_SITE_POST_ALLOWED = new Set(["/newsletter/abmelden", CSP_REPORT_PATH]);

/** Refuses every cross-site non-GET/HEAD/OPTIONS with 403 before any route runs (resource routes too). */
export function crossSiteGuard(log: AppLogger = logger): RequestHandler {
  return (req, res, next) => {
    const seen = requestOrigin(req);
    if (!isCrossSite(seen)) return next();
    if (req.method === "POST" && CROSS_SITE_POST_ALLOWED.has(req.path)) {
      // React Router refuses an action whose Origin is not ours (400) for every path alike; the
      // decision for this one path is taken here, so the foreign Origin goes no further.
      delete req.headers.origin;
      return next();
    }
    log.warn("cross-site request refused", {
      requestId: res.locals.requestId,
      method: req.method,
      path: req.path,
      origin: seen.origin ?? null,
      secFetchSite: seen.secFetchSite ?? null,
    });
    res.status(403).type(TEXT).send(CROSS_SITE_MESSAGE);
  };
}
