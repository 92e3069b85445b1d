import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/**
 * React Router's scroll restoration without its inline script. That script ran while the document
 * was parsed, and its first `sessionStorage` read and `history.replaceState` took 13–20 ms there,
 * the largest piece of script before the first paint (docs/decisions/0029-scroll-restoration-without-inline-script.md).
 * What it did is done elsewhere: a reload or a history step to a document is restored by the
 * browser, because React Router sets `history.scrollRestoration = "auto"` on `pagehide`; the
 * history entry's key, which the positions are stored under, is given by the script that starts
 * the app (app/lib/deferred-module.ts) before the router reads it.
 */
export function ScrollRestoration() {
  useScrollRestoration();
  return null;
}
