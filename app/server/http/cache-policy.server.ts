import type { RouterContextProvider } from "react-router";
import { getAuth } from "~/server/members/auth.server";
import { getToast } from "~/server/http/toast.server";
import { requestMetaContext } from "~/server/http/context.server";

/**
 * Every Cache-Control the app sends, by name. Public answers say how long a browser and a CDN may
 * keep them; everything that shows or carries something personal (a member's data, the cart, a
 * session or toast cookie, an admin page, a download) is `private, no-store`.
 */
export const CACHE_POLICY = {
  /** Catalogue pages (/, /offers, lists, details) for an anonymous viewer: held briefly by a CDN. */
  catalogue: "public, max-age=60, s-maxage=300",
  /** Static content pages (/about, /team, legal pages) and sitemap.xml: they change with a deploy. */
  staticPage: "public, max-age=300, s-maxage=3600",
  /** robots.txt. */
  robots: "public, max-age=3600",
  /** Pages and answers for one visitor: account, cart, checkout, tokens in the URL, errors. */
  private: "private, no-store",
  /** Every admin page, redirect and refusal. */
  admin: "private, no-store",
  /** Personal files (data export, newsletter CSV). */
  download: "private, no-store",
  /** The health check: always asked afresh, by anyone. */
  health: "no-store",
} as const;

export type CachePolicy = keyof typeof CACHE_POLICY;

/** `{ "Cache-Control": … }` of a named policy, with any other headers of the response. */
export function cacheHeaders(policy: CachePolicy, other: Record<string, string> = {}): Record<string, string> {
  return { "Cache-Control": CACHE_POLICY[policy], ...other };
}

const PERSONAL = /\b(private|no-store)\b/i;

/** Whether an answer with this Cache-Control is the same for everyone, so a shared cache may keep it. */
export function isPublicAnswer(cacheControl: string | null | undefined): boolean {
  return (
    /(?:^|,)\s*public\s*(?:,|$)/i.test(cacheControl ?? "") && !/private|no-store|no-cache/i.test(cacheControl ?? "")
  );
}

/**
 * The one `headers` export of a page that may be cached publicly. Its own policy comes from the
 * loader's Cache-Control (catalogue pages decide per request) or, without one, from `fallback`
 * (static pages). The page becomes `private, no-store` when anything on the way is personal:
 * - a parent said private/no-store (the root for a signed-in viewer or a non-empty cart);
 * - a parent, the loader or the action sets a cookie (toast consumed, session refreshed). React
 *   Router copies every Set-Cookie of parents, loader and action onto the document by itself
 *   (7.18 `getDocumentHeaders`), so the cookie goes out either way: a public Cache-Control next
 *   to it would let a shared cache hand one visitor's cookie to the next.
 * `Vary: Cookie` keeps caches that honour Vary from serving one visitor's page to another.
 */
export function pageHeaders(
  {
    loaderHeaders,
    parentHeaders,
    actionHeaders,
  }: { loaderHeaders: Headers; parentHeaders: Headers; actionHeaders?: Headers },
  fallback?: CachePolicy,
): Record<string, string> {
  const own = loaderHeaders.get("Cache-Control") ?? (fallback ? CACHE_POLICY[fallback] : null);
  const personal =
    PERSONAL.test(parentHeaders.get("Cache-Control") ?? "") ||
    [parentHeaders, loaderHeaders, actionHeaders].some((headers) => headers?.has("Set-Cookie"));
  if (personal) return { "Cache-Control": CACHE_POLICY.private, Vary: "Cookie" };
  return own ? { "Cache-Control": own, Vary: "Cookie" } : {};
}

/**
 * Says that this member's page holds nothing of them but their view and what the page cache keys
 * (their address only through the stand-in): it may be shared with the members of the same view
 * (server/member-pages.ts, decision 0023). It stays private all the same: it names the member.
 */
export function markSharedWithMembers(context: Readonly<RouterContextProvider>) {
  const rendered = context.get(requestMetaContext).renderedKey;
  if (rendered) rendered.memberShared = "1";
}

/**
 * Marks a member's own page (the dashboard) as complete and theirs: the page cache may keep it for
 * this member, keyed by the version of every member's data (server/member-pages.ts). Only for a
 * page whose every read succeeded: an error state is rendered again next time.
 */
export function markPersonalToMember(context: Readonly<RouterContextProvider>, userId: string) {
  const rendered = context.get(requestMetaContext).renderedKey;
  if (rendered) rendered.memberPersonal = userId;
}

/**
 * Cache-Control of a catalogue loader: a CDN may hold the page briefly when nothing personal is on
 * it; a signed-in viewer (user menu) or a pending toast makes it private. So does data that is not
 * complete (`shareable: false`: still streaming, or it failed to load), else a shared cache would
 * keep an error state as the page for minutes.
 */
export async function catalogCacheHeaders(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { shareable = true }: { shareable?: boolean } = {},
) {
  const signedIn = getAuth(context).user !== null;
  if (signedIn && shareable) markSharedWithMembers(context);
  const { toast } = signedIn || !shareable ? { toast: undefined } : await getToast(request);
  return cacheHeaders(signedIn || toast || !shareable ? "private" : "catalogue", { Vary: "Cookie" });
}
