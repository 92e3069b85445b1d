import { cacheHeaders } from "~/server/http/cache-policy.server";

/**
 * Pages opened from a mailed link carry the token in their URL: no cache may keep them, and the
 * response asks for no Referer at all. The page's own <meta name="referrer" content="same-origin">
 * (TOKEN_PAGE_META in app/lib/token-page.ts) then relaxes this to same-origin inside the document: its form POST needs a real
 * Origin header (with "no-referrer" browsers send `Origin: null`, which the cross-site checks refuse),
 * and same-origin still never sends the URL to another site.
 */
export const TOKEN_PAGE_HEADERS = cacheHeaders("private", { "Referrer-Policy": "no-referrer" });

/** The route's `headers` export: also for the action's answer and an error page. */
export function tokenPageHeaders() {
  return TOKEN_PAGE_HEADERS;
}
