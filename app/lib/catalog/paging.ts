/**
 * Pages of the public catalogue lists (issue 31): 24 items a page, addressed as `?seite=N` (page 1
 * is the bare path, so there is one URL per page), with links that work without JavaScript.
 */
export const PAGE_SIZE = 24;
export const PAGE_PARAM = "seite";

export interface Paging {
  page: number;
  pages: number;
  total: number;
  /** A page after the last one was asked for: no items, a way back to the first. */
  outOfRange: boolean;
}

/** The page a URL asks for: 1 without the parameter, null when it is not a plain page number. */
export function requestedPage(search: URLSearchParams): number | null {
  const values = search.getAll(PAGE_PARAM);
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0])) return null;
  return Number(values[0]);
}

/** The address of page `page` of a list at `path`. */
export const pageHref = (path: string, page: number) => (page <= 1 ? path : `${path}?${PAGE_PARAM}=${page}`);

/** One page of `items` and where it stands. */
export function pageOf<T>(items: T[], page: number): { items: T[]; paging: Paging } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const outOfRange = page > pages;
  return {
    items: outOfRange ? [] : items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    paging: { page, pages, total: items.length, outOfRange },
  };
}
