import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { CoalescingStream } from "~/server/http/coalescing-stream.server";
import { deferScripts } from "~/server/http/deferred-scripts.server";
import { requestMetaContext } from "~/server/http/context.server";
import { NonceContext } from "~/components/nonce";
import { InlineStylesheetContext, type InlineStylesheet } from "~/components/stylesheet";
import { FirstInvalidFieldContext, oneAutoFocus } from "~/components/ui/field";
// The whole built sheet as text: inlined only if the build has no critical.css (components/stylesheet.tsx).
import appCss from "~/app.css?inline";
import { criticalCss } from "~/server/http/critical-css.server";
import { logger } from "~/server/platform/log.server";
import { contentSecurityPolicy, openerPolicyHeaders, reportingHeaders } from "~/server/http/security.server";

export const streamTimeout = 5_000;

function inlineStylesheet(pathname: string): InlineStylesheet | null {
  if (!import.meta.env.PROD) return null;
  const critical = criticalCss(pathname);
  return critical ? { text: critical, critical: true } : { text: appCss, critical: false };
}

/**
 * A form refused over a rate limit answers 429 with its fields (ipLimitRefusal, limitRefusal); its
 * action's Retry-After must reach the client, but React Router passes on only a route's cookies
 * unless that route's own `headers` forwards the rest.
 */
function refusalRetryAfter({ staticHandlerContext }: EntryContext) {
  for (const headers of Object.values(staticHandlerContext.actionHeaders ?? {})) {
    const value = headers.get("Retry-After");
    if (value) return value;
  }
  return null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (responseStatusCode === 429 && !responseHeaders.has("Retry-After")) {
    const retryAfter = refusalRetryAfter(routerContext);
    if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  }
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  const documentHeaders = { ...reportingHeaders(), ...openerPolicyHeaders(responseHeaders.get("Cache-Control")) };
  for (const [name, value] of Object.entries(documentHeaders)) responseHeaders.set(name, value);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheet(new URL(request.url).pathname)}>
          <FirstInvalidFieldContext.Provider value={oneAutoFocus()}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </FirstInvalidFieldContext.Provider>
        </InlineStylesheetContext.Provider>
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
          }, deferScripts);
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

export const handleError: HandleErrorFunction = (error, { request, context }) => {
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
  // A 4xx React Router answers itself (a POST to a page without a form: 405) is the client's
  // mistake, logged like the junk requests the server refuses before routing.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info("request refused by the router", {
      method: request.method,
      path: new URL(request.url).pathname,
      status: error.status,
    });
    return;
  }
  logger.error("unhandled error", {
    requestId: context.get(requestMetaContext).requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error,
  });
};
