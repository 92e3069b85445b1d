// What a cached page is stored under: the request's address and the cookies it may come with
// (server/page-cache.ts). Read from the raw request, so Express and the fast lane agree.
import type { IncomingHttpHeaders } from "node:http";

/**
 * A cookie that may come along with a cached page: `keyOf` turns its value (undefined: not sent)
 * into its part of the key, without waiting and without trusting it. With `confirmedByRender`
 * the page is stored only when the render reports the same part for what it showed
 * (`res.locals.renderedKey`): a forged value can then key nothing but a page whose part matches
 * it, so no visitor ever gets a page rendered for a different cookie than the one the key says.
 */
export interface KeyedCookie {
  /** `path`: the page's path without the query (a page may show more of a cookie than others do). */
  keyOf: (value: string | undefined, path: string) => string;
  confirmedByRender?: boolean;
}
export type KeyedCookies = Record<string, KeyedCookie>;

/** The theme class is part of the page; the cookie's value keys it as sent (a forged one keys only itself). */
export const THEME_KEYED: KeyedCookies = { theme: { keyOf: (value) => value ?? "" } };

/**
 * The request's cookies by name, or null when the page may not come from the cache: a cookie other
 * than the keyed ones, or one named twice. Parsers disagree on which of two `theme=` wins (the app's
 * takes the first); keyed on one and rendered with the other, a page would be stored under the
 * wrong theme and served to everyone with that theme.
 */
function cookieNames(
  headers: IncomingHttpHeaders,
  keyed: KeyedCookies,
  memberCookies: readonly string[],
): Map<string, string> | null {
  const raw = headers.cookie;
  const names = new Map<string, string>();
  if (!raw) return names;
  for (const pair of raw.split(";")) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (!name) continue;
    if ((!Object.hasOwn(keyed, name) && !memberCookies.includes(name)) || names.has(name)) return null;
    names.set(name, at < 0 ? "" : pair.slice(at + 1).trim());
  }
  return names;
}

/**
 * Whether a request may be answered from (and fill) the cache; the key's request part and each
 * keyed cookie's part if so, and whether a member's cookie came (`member`: the page cache adds the
 * member's view to the key; their cookies' values are never part of it). Read from the raw request (`url` as it came), so Express and the fast
 * lane agree: every header the page's address may be derived from (Host, and the proxy's forwarded
 * host and protocol, whether or not TRUST_PROXY believes them) is part of the key.
 */
export function requestKey(
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  keyed: KeyedCookies = THEME_KEYED,
  memberCookies: readonly string[] = [],
): { key: string; cookieParts: Record<string, string>; member: boolean } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  const { headers } = req;
  if (url.split("?", 1)[0]!.endsWith(".data") || headers.authorization !== undefined) return null;
  // A request with a body is no page view.
  if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return null;
  const cookies = cookieNames(headers, keyed, memberCookies);
  if (!cookies) return null;
  const cookieParts: Record<string, string> = {};
  const path = url.split("?", 1)[0]!;
  for (const [name, cookie] of Object.entries(keyed)) cookieParts[name] = cookie.keyOf(cookies.get(name), path);
  const forwarded = `${headers["x-forwarded-proto"] ?? ""} ${headers["x-forwarded-host"] ?? ""}`;
  const parts = Object.entries(cookieParts).map(([name, part]) => `${name}=${part}`);
  const member = memberCookies.some((name) => cookies.has(name));
  return { key: [headers.host ?? "", forwarded, url, ...parts].join("\n"), cookieParts, member };
}

/** Whether the render showed what the key says for every cookie that must be confirmed. */
export function renderAgrees(keyed: KeyedCookies, cookieParts: Record<string, string>, rendered: unknown): boolean {
  const said = (rendered ?? {}) as Record<string, unknown>;
  return Object.entries(keyed).every(([name, cookie]) => !cookie.confirmedByRender || said[name] === cookieParts[name]);
}
