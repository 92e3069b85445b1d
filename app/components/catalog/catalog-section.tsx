import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/ui/icons";
import { KIND_TEXT } from "~/lib/catalog/texts";
import type { CatalogCardItem, ListResult } from "~/lib/catalog/types";
import type { CatalogSectionText } from "~/content/types";
import { StreamedCatalog } from "~/components/catalog/catalog-states";

/**
 * A flagged section of the home or offers page (three skeleton cards while streaming). A failed
 * load was logged on the server and shows the empty text (spec §4).
 */
export function CatalogSection({
  kind,
  id,
  title,
  intro,
  resolve,
  tone = "plain",
  children,
}: CatalogSectionText & {
  resolve: ListResult<CatalogCardItem> | Promise<ListResult<CatalogCardItem>>;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const text = KIND_TEXT[kind];
  return (
    <section id={id} aria-labelledby={headingId} className={tone === "muted" ? "bg-muted/60" : undefined}>
      <div className="section-wide">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id={headingId} className="section-title">
              {title}
            </h2>
            {intro ? <p className="section-intro">{intro}</p> : null}
          </div>
          <Link to={text.path} className="arrow-link">
            {text.sectionLink}
            <ArrowRightIcon size={18} />
          </Link>
        </div>
        <div className="mt-8">
          <StreamedCatalog kind={kind} place="section" resolve={resolve} title={title} />
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * A section of the home or offers page that lists no catalogue (the pillars, the tiles): as wide as
 * the content, labelled by its left-aligned h2. It sits with CatalogSection because only those two
 * pages use it, so it travels in their chunk.
 */
export function WideSection({
  headingId,
  title,
  intro,
  children,
}: {
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={headingId} className="section-title">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className="section-wide">
      {/* An intro keeps a readable line length, and its heading stays in the same column. */}
      {intro ? (
        <div className="max-w-2xl">
          {heading}
          <p className="section-intro">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
