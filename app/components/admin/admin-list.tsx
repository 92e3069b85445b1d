import { useId, type ReactNode, type Ref } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { listHref, totalPages, type AdminNotice, type Page } from "~/lib/admin/list-params";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";

export const LOADING_TEXT = "Lade Daten...";
export const EMPTY_TEXT = "Keine Ergebnisse gefunden.";

/** True while a client navigation to this same screen (search, page, dialog) loads. */
export function useScreenLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

/** A destructive notice in the page (server-rendered, so it shows without JS), spec §8 Admin. */
export function AdminErrorNotice({ message, description }: AdminNotice) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-destructive bg-destructive px-4 py-3 text-destructive-foreground"
    >
      <p className="font-semibold">{message}</p>
      <p className="mt-1 text-sm">{description}</p>
    </div>
  );
}

/** The screen's title, a line about it, its actions and, when its load failed, the error notice. */
export function AdminPageHeader({
  title,
  description,
  actions,
  error,
  headingRef,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  error?: AdminNotice | null;
  /** For moving focus to the title after an action took its control away (useRefocusAfterChange). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* min-w-0 and break-words: a long search word in the description wraps instead of widening the page. */}
        <div className="min-w-0 break-words">
          <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-3xl font-bold focus:outline-none">
            {title}
          </h1>
          {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      {error ? <AdminErrorNotice {...error} /> : null}
    </>
  );
}

/**
 * The two views of a list with one filter, all rows or those of ?filter=<filter>, as links above it
 * (state in the URL, so they work without JS; the search is kept); the current one is filled.
 */
export function AdminFilterNav({
  path,
  q,
  filter: {
    value: filter,
    labels: [allLabel, filteredLabel],
  },
  active,
  children,
}: {
  path: string;
  q: string;
  /** The `filter` parameter's value and the two links' labels (all, filtered). */
  filter: { value: string; labels: readonly [all: string, filtered: string] };
  active: boolean;
  /** Shown after the links (e.g. a sum). */
  children?: ReactNode;
}) {
  const filters = [
    { label: allLabel, href: listHref(path, { q }), current: !active },
    { label: filteredLabel, href: listHref(path, { q }, { filter }), current: active },
  ];
  return (
    <nav aria-label="Filter" className="mb-4 flex flex-wrap items-center gap-2">
      {filters.map((filter) => (
        <Link
          key={filter.label}
          to={filter.href}
          aria-current={filter.current ? "page" : undefined}
          className={buttonClass(filter.current ? "default" : "outline", "sm")}
        >
          {filter.label}
        </Link>
      ))}
      {children}
    </nav>
  );
}

export type AdminListProps = {
  /** Label of the search field, e.g. 'Nach Titel suchen'. */
  searchLabel: string;
  /** The page shown: its query, number and total; no rows shows 'Keine Ergebnisse gefunden.'. */
  list: Page<unknown>;
  /** The list's own path, e.g. '/admin/orders'. */
  path: string;
  children: ReactNode;
  /** Rendered above the table (e.g. a total). */
  summary?: ReactNode;
  /** Other list state that search and paging keep (e.g. a filter): hidden fields and link parameters. */
  keep?: Record<string, string | undefined>;
};

/**
 * Search (GET ?q=), the table, 'Lade Daten...' while a client navigation loads, the empty text and
 * 'Seite X von Y' with previous/next links. Everything is in the URL, so it works without JS.
 */
export function AdminList({ searchLabel, list, path, children, summary, keep = {} }: AdminListProps) {
  const { q } = list;
  const loading = useScreenLoading();
  return (
    <div className="mt-6 space-y-4">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="admin-search" className="block text-sm font-medium">
            {searchLabel}
          </label>
          <Input id="admin-search" type="search" name="q" defaultValue={q} key={q} maxLength={100} autoComplete="off" />
        </div>
        <Button type="submit" variant="outline">
          Suchen
        </Button>
      </Form>
      {summary}
      <p role="status" aria-live="polite" className={cn("text-sm text-muted-foreground", !loading && "sr-only")}>
        {loading ? LOADING_TEXT : ""}
      </p>
      <div className={cn("transition-opacity", loading && "opacity-60")} aria-busy={loading || undefined}>
        {list.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
            {EMPTY_TEXT}
          </p>
        ) : (
          children
        )}
      </div>
      <Pagination
        page={list.page}
        totalPages={totalPages(list.total)}
        hrefFor={(page) => listHref(path, { q, page }, keep)}
        label="Seiten der Liste"
      />
    </div>
  );
}

/**
 * A table that scrolls sideways inside its own box on small screens, never the page (WCAG 1.4.10).
 * The box is a named, focusable region so keyboard users can scroll it too; the caption names the
 * table for screen readers. With `stickyFirstColumn` the first column (the title) stays at the
 * box's left edge below the md breakpoint, so on a phone each row stays readable while the box
 * scrolls to its toggles and actions.
 */
export function AdminTable({
  caption,
  head,
  stickyFirstColumn = false,
  children,
}: {
  caption: ReactNode;
  head: ReactNode[];
  stickyFirstColumn?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    // `relative` makes the region the containing block of visually hidden labels inside the table, so they
    // scroll with it instead of widening the page.
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be keyboard-reachable
      tabIndex={0}
      // A control reached by Tab scrolls into view beside the sticky first column, not under it (WCAG 2.4.11).
      className={cn(
        "relative overflow-x-auto rounded-lg border border-border",
        stickyFirstColumn && "max-md:scroll-ps-[calc(10rem+1px)]",
      )}
    >
      <table
        className={cn(
          "w-full min-w-[40rem] text-left text-sm",
          stickyFirstColumn &&
            "max-md:[&_tr>:first-child]:sticky max-md:[&_tr>:first-child]:left-0 max-md:[&_tr>:first-child]:z-10 max-md:[&_tr>:first-child]:w-40 max-md:[&_tr>:first-child]:max-w-40 max-md:[&_tr>:first-child]:border-r max-md:[&_tr>:first-child]:border-border max-md:[&_td:first-child]:bg-background max-md:[&_th:first-child]:bg-muted",
        )}
      >
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-3 py-2 align-middle";
