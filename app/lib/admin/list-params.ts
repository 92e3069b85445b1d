/** Admin list state lives in the URL (?q=…&page=…), so lists work without JS and can be bookmarked. */
export const ADMIN_PAGE_SIZE = 10; // spec §9
export const MAX_SEARCH_LENGTH = 100;

export interface ListParams {
  q: string;
  page: number;
}

/** One page of an admin list as a loader returns it. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  totalPages: number;
  q: string;
}

/** What a list shows when its load failed (next to the error notice). */
export function emptyPage<T>(q: string): Page<T> {
  return { rows: [], total: 0, page: 1, totalPages: 1, q };
}

/** The destructive notice of spec §8 Admin: a headline and what to do. */
export type AdminNotice = { message: string; description: string };

export function readListParams(searchParams: URLSearchParams): ListParams {
  const q = (searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const raw = Number.parseInt(searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(raw) && raw >= 1 ? Math.min(raw, 1_000_000) : 1;
  return { q, page };
}

/** `?q=…&page=…` (page 1 and an empty query are left out), plus any extra parameters. */
export function listHref(
  pathname: string,
  params: Partial<ListParams>,
  extra: Record<string, string | undefined> = {},
) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  for (const [key, value] of Object.entries(extra)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function totalPages(total: number, pageSize = ADMIN_PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `ILIKE` pattern for a substring search: %, _ and \ in the query are matched literally. */
export function containsPattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where an admin form goes back to: an /admin path only (never another site). */
export function safeAdminPath(value: unknown, fallback: string) {
  if (typeof value !== "string" || !/^\/admin(\/|\?|$)/.test(value) || value.includes("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
