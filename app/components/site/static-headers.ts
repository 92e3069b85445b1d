/**
 * Cache headers for the static content pages (/about, /concept, /team, /community, legal pages).
 *
 * They ask for `public, max-age=300, s-maxage=3600`, but the document also contains the viewer's
 * header (e-mail, cart count) and may carry a flash-toast or session Set-Cookie. So:
 * - any Set-Cookie from a parent loader (toast consumed, session refreshed) → `private, no-store`;
 * - a parent that already said `private` or `no-store` (root loader for signed-in users or a
 *   non-empty cart, via a root `headers` export) wins;
 * - `Vary: Cookie` keeps caches that honour Vary from serving one visitor's page to another.
 */
export const STATIC_CACHE_CONTROL = "public, max-age=300, s-maxage=3600";

export function staticPageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers();
  const parentCache = parentHeaders.get("Cache-Control") ?? "";
  const personal = parentHeaders.has("Set-Cookie") || /\b(private|no-store)\b/i.test(parentCache);
  headers.set("Cache-Control", personal ? parentCache || "private, no-store" : STATIC_CACHE_CONTROL);
  headers.set("Vary", "Cookie");
  return headers;
}
