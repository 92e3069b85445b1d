import { Deferred } from "~/components/deferred";
import type { ReactNode } from "react";
import { SkeletonGrid } from "~/components/ui/skeleton";
import { AlertCircleIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { CatalogCardItem, CatalogKind, ListResult } from "~/lib/catalog/types";
import { Link } from "react-router";
import { CatalogCard } from "~/components/catalog/catalog-card";
import { ERROR_HEADING, KIND_TEXT } from "~/lib/catalog/texts";

export function CatalogGrid({
  items,
  headingLevel,
  eagerCount = 0,
}: {
  items: CatalogCardItem[];
  headingLevel?: "h2" | "h3";
  eagerCount?: number;
}) {
  // Three columns would leave one card alone on the last row (4, 7, 10 items): use four then.
  const lonely = items.length > 1 && items.length % 3 === 1;
  return (
    <ul
      className={`grid gap-6 sm:grid-cols-2 ${lonely ? "lg:grid-cols-4 lg:[&_h2]:text-lg lg:[&_h3]:text-lg" : "lg:grid-cols-3"}`}
    >
      {items.map((item, index) => (
        <li key={item.id}>
          <CatalogCard item={item} headingLevel={headingLevel} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** The panel that an empty list and a failed load share, so the two states read as one family. */
const STATE_PANEL = "rounded-xl border border-border bg-card px-6 py-12 text-center";

export function EmptyState({ message }: { message: string }) {
  return (
    <p role="status" className={cn(STATE_PANEL, "border-dashed text-muted-foreground")}>
      {message}
    </p>
  );
}

/**
 * The error screen of lists and details (spec §8): heading, message and a retry or back link.
 * The retry is a link to the same URL, i.e. a full reload that also works without JavaScript.
 */
export function ErrorState({
  message,
  action,
  headingLevel = "h2",
}: {
  message: string;
  action: ReactNode;
  headingLevel?: "h1" | "h2";
}) {
  const Heading = headingLevel;
  return (
    <div role="alert" className={cn(STATE_PANEL, "mx-auto max-w-xl shadow-sm")}>
      <AlertCircleIcon size={40} className="mx-auto text-destructive" />
      <Heading className="mt-4 text-2xl font-bold">{ERROR_HEADING}</Heading>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

/** A link that reloads the current page (the spec's retry button), with or without JavaScript. */
export function RetryLink({ href }: { href: string }) {
  return (
    <a href={href} className={buttonClass("default")}>
      Erneut versuchen
    </a>
  );
}

/**
 * Where a list stands: its own page (/products …: six skeletons, an error screen with a retry link,
 * the first row loaded eagerly) or a section of the start and offers pages (three skeletons; a
 * failure there shows the empty text, the error is only logged).
 */
const PLACES = {
  page: { skeletons: 6, headingLevel: "h2", eagerCount: 3 },
  section: { skeletons: 3, headingLevel: "h3", eagerCount: 0 },
} as const;

/**
 * A catalogue list that may still be streaming: skeleton cards while loading, then the error
 * state (on its own page), the empty text, or the grid.
 */
export function StreamedCatalog<T extends CatalogCardItem>({
  kind,
  place,
  resolve,
  title = KIND_TEXT[kind].listTitle,
  after,
}: {
  kind: CatalogKind;
  place: keyof typeof PLACES;
  resolve: ListResult<T> | Promise<ListResult<T>>;
  /** What is loading, for screen readers ("Kurse werden geladen …"); a section names itself. */
  title?: string;
  /** Under the grid (the list page's pager: kept out of the start page's script). */
  after?: (result: Extract<ListResult<T>, { ok: true }>) => ReactNode;
}) {
  const text = KIND_TEXT[kind];
  const { skeletons, headingLevel, eagerCount } = PLACES[place];
  const emptyText = place === "page" ? text.listEmpty : text.sectionEmpty;
  const render = (result: ListResult<T>) =>
    !result.ok && place === "page" ? (
      <ErrorState message={text.listError} action={<RetryLink href={text.path} />} />
    ) : result.ok && result.paging?.outOfRange ? (
      <div className="space-y-4 text-center">
        <EmptyState message="Diese Seite der Liste gibt es nicht." />
        <Link to={text.path} className={buttonClass("default")}>
          Zur ersten Seite
        </Link>
      </div>
    ) : !result.ok || result.items.length === 0 ? (
      <EmptyState message={emptyText} />
    ) : (
      <>
        <CatalogGrid items={result.items} headingLevel={headingLevel} eagerCount={eagerCount} />
        {after?.(result)}
      </>
    );

  return (
    <Deferred value={resolve} fallback={<SkeletonGrid count={skeletons} label={`${title} werden geladen …`} />}>
      {render}
    </Deferred>
  );
}
