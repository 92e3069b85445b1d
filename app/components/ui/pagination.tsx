import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";

export type PaginationProps = {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** Builds the URL of a page, e.g. (p) => `?page=${p}&q=${q}`. */
  hrefFor: (page: number) => string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
};

const item = "inline-flex min-h-11 items-center gap-1 rounded-md border border-input px-3 text-sm font-medium";

/** 'Seite X von Y' with 'Zurück'/'Weiter' links; disabled ends are aria-disabled spans. */
export function Pagination({ page, totalPages, hrefFor, label = "Seitennavigation", className }: PaginationProps) {
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), total);
  const hasPrevious = current > 1;
  const hasNext = current < total;

  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-4", className)}>
      {hasPrevious ? (
        <Link to={hrefFor(current - 1)} rel="prev" preventScrollReset className={cn(item, "hover:bg-accent")}>
          <ChevronLeftIcon size={16} />
          Zurück
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(item, "opacity-60")}>
          <ChevronLeftIcon size={16} />
          Zurück
        </span>
      )}
      <p className="text-sm text-muted-foreground">
        Seite {current} von {total}
      </p>
      {hasNext ? (
        <Link to={hrefFor(current + 1)} rel="next" preventScrollReset className={cn(item, "hover:bg-accent")}>
          Weiter
          <ChevronRightIcon size={16} />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(item, "opacity-60")}>
          Weiter
          <ChevronRightIcon size={16} />
        </span>
      )}
    </nav>
  );
}
