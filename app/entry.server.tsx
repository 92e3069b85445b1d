import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { CoalescingStream } from "./server/coalescing-stream.server";
import { requestMetaContext } from "./server/context.server";
import { NonceContext } from "./components/nonce";
import { closeDatabase, database } from "./server/db/db.server";
import { env } from "./server/env.server";
import { logger } from "./server/log.server";
import { startMailWorker, stopMailWorker } from "./server/mail/outbox.server";
import { contentSecurityPolicy } from "./server/security.server";

export const streamTimeout = 5_000;

/** Called by server.mjs before it listens: validates env, opens and migrates the database. */
export async function startup() {
  env();
  const handle = await database();
  startMailWorker();
  return { engine: handle.engine };
}

/** Called by server.mjs on SIGTERM after the HTTP server stopped taking requests. */
export async function shutdown() {
  await stopMailWorker();
  await closeDatabase();
}

/** Readiness for /healthz: one round trip to the database. */
export { checkDatabase } from "./server/health.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Never outline a finished Suspense boundary behind an inline script: a browser without
        // JavaScript would be left with the fallback.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescingStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render error", { error: String(error) });
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const message = error instanceof Error ? error.message : String(error);
  // React Router's own cross-origin check (answered with 400): an attack or a misconfigured
  // proxy, worth a warning, not an error with a stack.
  if (/origin does not match/i.test(message)) {
    logger.warn("cross-origin action refused", {
      method: request.method,
      path: new URL(request.url).pathname,
      origin: request.headers.get("origin"),
    });
    return;
  }
  logger.error("unhandled error", {
    method: request.method,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};

/** server.mjs builds each request's context with this, so it shares the app's context keys. */
export function createLoadContext(meta: { ip: string }) {
  const context = new RouterContextProvider();
  context.set(requestMetaContext, meta);
  return context;
}

export { baseSecurityHeaders } from "./server/security.server";
