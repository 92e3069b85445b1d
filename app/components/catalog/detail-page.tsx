import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { isBookable, seatState } from "~/lib/catalog/seats";
import { CalendarIcon, ChevronLeftIcon, StarIcon } from "~/components/ui/icons";
import { formatDate } from "~/lib/format";
import type { CatalogItem, CatalogKind, DetailResult, ProductItem } from "~/lib/catalog/types";
import { CatalogImage } from "~/components/catalog/catalog-image";
import { ErrorState } from "~/components/catalog/catalog-states";
import { JsonLd } from "~/components/catalog/json-ld";
import { MemberPriceHint, PriceList } from "~/components/catalog/price";
import { RelatedLinks } from "~/components/catalog/related-links";
import { PRODUCT_RATING, KIND_TEXT, SCHEDULED_TEXT } from "~/lib/catalog/texts";

function BackLink({ kind }: { kind: CatalogKind }) {
  return (
    <Link to={KIND_TEXT[kind].path} className="arrow-link">
      <ChevronLeftIcon size={18} />
      {KIND_TEXT[kind].back}
    </Link>
  );
}

/**
 * A detail page of /products/{id}, /events/{id} or /courses/{id}: found, not found or failed.
 * `structuredData` is the JSON-LD object (built in the loader with absolute URLs); `addToCart` the
 * cart form, which the detail route passes in.
 */
export function CatalogDetailPage({
  kind,
  result,
  structuredData,
  addToCart,
  waitlist,
}: {
  kind: CatalogKind;
  result: DetailResult<CatalogItem>;
  structuredData?: Record<string, unknown> | null;
  /**
   * The quantity input and add-to-cart form (shop issue). Rendered inside
   * <section aria-label="In den Warenkorb"> under the prices; nothing is shown while it is absent.
   */
  addToCart?: ReactNode;
  /** The waitlist form, shown in place of the cart form while an event or course is sold out. */
  waitlist?: ReactNode;
}) {
  if (result.state !== "found") {
    const text = KIND_TEXT[kind];
    return (
      <div className="section-wide">
        <ErrorState
          headingLevel="h1"
          message={result.state === "not-found" ? text.notFound : text.detailError}
          action={<BackLink kind={kind} />}
        />
        <RelatedLinks current={kind} />
      </div>
    );
  }

  const item = result.item;
  const seats = seatState(item);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      {structuredData ? <JsonLd data={structuredData} /> : null}
      <BackLink kind={kind} />
      <article className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <CatalogImage
          src={item.image_url}
          alt={item.title}
          eager
          className="rounded-xl border border-border shadow-sm"
        />
        <div className="flex flex-col gap-6">
          <div className="space-y-3">
            <div className="badge-row">
              <Badge variant="secondary">{item.category}</Badge>
              {seats ? <Badge variant={seats.variant}>{seats.label}</Badge> : null}
            </div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{item.displayTitle}</h1>
            {item.kind === "products" ? <ProductRating /> : null}
          </div>

          {item.kind === "products" ? (
            <ProductAvailability item={item} />
          ) : (
            <Facts
              rows={[
                ["Datum", item.date ? formatDate(item.date) : null],
                ["Uhrzeit", item.time],
                ["Ort", item.location],
                ["Anbieter", item.provider],
              ]}
            />
          )}

          <div className="space-y-2">
            <PriceList
              price={item.price}
              communityPrice={item.behappy_price}
              shipped={item.kind === "products" && item.shipped}
              size="lg"
              className="rounded-xl bg-muted p-5"
            />
            <MemberPriceHint />
          </div>

          {/* Add-to-cart slot: products while available (spec §4), events and courses while seats are free and
              they have not begun (issue 27). */}
          {addToCart && isBookable(item) ? <section aria-label="In den Warenkorb">{addToCart}</section> : null}
          {item.kind !== "products" && item.starts_at && !item.past ? (
            <a
              href={`${KIND_TEXT[kind].path}/${item.id}/kalender.ics`}
              download
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline underline-offset-4 hover:no-underline"
            >
              <CalendarIcon size={18} />
              In den Kalender eintragen
            </a>
          ) : null}
          {seats && !seats.bookable ? (
            <p role="status" className="rounded-xl border border-border bg-muted p-4 font-medium">
              {item.kind !== "products" && item.past
                ? `${SCHEDULED_TEXT[kind === "courses" ? "courses" : "events"].begun} und kann nicht mehr gebucht werden.`
                : "Alle Plätze sind vergeben."}
            </p>
          ) : null}
          {seats?.label === "Ausgebucht" ? waitlist : null}

          {item.description ? (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="text-xl font-semibold">
                Beschreibung
              </h2>
              <p className="mt-2 whitespace-pre-line text-muted-foreground">{item.description}</p>
            </section>
          ) : null}

          {item.kind === "products" && item.details ? (
            <section aria-labelledby="details-heading">
              <h2 id="details-heading" className="text-xl font-semibold">
                Details
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
                {item.details
                  .split("\n")
                  .map((line) => line.trim())
                  .filter(Boolean)
                  .map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>
      </article>
      <RelatedLinks current={kind} />
    </div>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode | null]> }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== "");
  if (shown.length === 0) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-card p-4">
          <dt className="fact-label">{label}</dt>
          <dd className="mt-1 font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Fixed rating (spec §2, §9): 4.9/5 with 128 reviews and five stars, always. Inline text, not a
 * wrapping flex row: painted before its last part arrived, a row item moved to the next line once
 * it grew (a layout shift at 320 px; decision 0027); text that arrives later only continues a line.
 */
function ProductRating() {
  return (
    <p>
      <span role="img" aria-label="5 Sterne" className="mr-2 inline-flex align-[-0.2em] text-warning">
        {Array.from({ length: 5 }, (_, index) => (
          <StarIcon key={index} size={20} className="fill-current" />
        ))}
      </span>
      <span className="mr-2 font-medium">{`${PRODUCT_RATING.value}/${PRODUCT_RATING.max}`}</span>
      <span className="text-muted-foreground">{`(${PRODUCT_RATING.reviews} Bewertungen)`}</span>
    </p>
  );
}

function ProductAvailability({ item }: { item: ProductItem }) {
  return item.availability ? (
    <p className="flex min-h-[1lh] items-center gap-2 font-medium text-success">
      <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-success" />
      Auf Lager - Sofort verfügbar
    </p>
  ) : (
    <p className="flex min-h-[1lh] items-center gap-2 font-medium text-destructive">
      <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-destructive" />
      Derzeit nicht verfügbar
    </p>
  );
}
