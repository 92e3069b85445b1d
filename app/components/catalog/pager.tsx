import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { pageHref, type Paging } from "~/lib/catalog/paging";

/**
 * "Seite X von Y" under a catalogue list, with plain links (no JavaScript needed): previous, each
 * page number (the current one marked for screen readers), next. Nothing for a single page.
 */
export function Pager({ path, paging }: { path: string; paging: Paging }) {
  const { page, pages } = paging;
  if (pages <= 1) return null;
  const link = (to: number, label: string, rel?: "prev" | "next") => (
    <Link to={pageHref(path, to)} rel={rel} className={buttonClass("outline", "sm")}>
      {label}
    </Link>
  );
  return (
    <nav aria-label="Seiten der Liste" className="mt-10 flex flex-wrap items-center justify-between gap-4">
      <p className="font-medium" data-testid="page-position">
        Seite {page} von {pages}
      </p>
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? <li>{link(page - 1, "Zurück", "prev")}</li> : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={pageHref(path, n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Seite ${n}`}
              className={cn(buttonClass(n === page ? "default" : "ghost", "sm"), "min-w-11")}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages ? <li>{link(page + 1, "Weiter", "next")}</li> : null}
      </ul>
    </nav>
  );
}
