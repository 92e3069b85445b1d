/**
 * The inline module that starts the app is sent inert (app/server/http/deferred-scripts.server.ts) and
 * started here after the first frame was painted: requestAnimationFrame runs before the next
 * paint, the timeout after it. A copy with the same nonce replaces it, so the CSP still decides.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

export const RUN_DEFERRED_MODULE = `requestAnimationFrame(function(){setTimeout(function(){var s=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)})})`;
