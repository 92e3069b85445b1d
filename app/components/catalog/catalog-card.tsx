import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { seatState } from "~/lib/catalog/seats";
import { CalendarIcon, MapPinIcon } from "~/components/ui/icons";
import { formatDate } from "~/lib/format";
import type { CatalogCardItem, CatalogItem } from "~/lib/catalog/types";
import { CatalogImage } from "~/components/catalog/catalog-image";
import { PriceList } from "~/components/catalog/price";
import { KIND_TEXT } from "~/lib/catalog/texts";

export function detailPath(item: Pick<CatalogItem, "kind" | "id">) {
  return `${KIND_TEXT[item.kind].path}/${item.id}`;
}

/** One card of a catalogue list or section: image, category, title (link), facts, prices. */
export function CatalogCard({
  item,
  headingLevel = "h3",
  eager = false,
}: {
  item: CatalogCardItem;
  headingLevel?: "h2" | "h3";
  eager?: boolean;
}) {
  const Heading = headingLevel;
  const href = detailPath(item);
  const seats = seatState(item);
  return (
    <article className="catalog-card">
      <CatalogImage src={item.image_url} alt="" eager={eager} />
      <div className="card-body">
        <div className="badge-row">
          <Badge variant="secondary">{item.category}</Badge>
          {item.kind === "products" ? (
            item.availability ? (
              <Badge variant="success">Verfügbar</Badge>
            ) : (
              <Badge variant="destructive">Ausverkauft</Badge>
            )
          ) : null}
          {seats ? <Badge variant={seats.variant}>{seats.label}</Badge> : null}
        </div>
        <Heading className="card-title">
          <Link to={href}>{item.displayTitle}</Link>
        </Heading>
        {item.kind === "products" ? (
          item.description ? (
            <p className="card-text">{item.description}</p>
          ) : null
        ) : (
          <ul className="card-facts">
            {item.date ? (
              <li className="icon-line">
                <CalendarIcon size={16} />
                <span>
                  <span className="sr-only">Datum: </span>
                  {/* One text node: React separates adjacent ones with a comment in the markup. */}
                  {item.time ? `${formatDate(item.date)}, ${item.time}` : formatDate(item.date)}
                </span>
              </li>
            ) : null}
            {item.location ? (
              <li className="icon-line">
                <MapPinIcon size={16} />
                <span>
                  <span className="sr-only">Ort: </span>
                  {item.location}
                </span>
              </li>
            ) : null}
          </ul>
        )}
        <div className="card-footer">
          <PriceList
            price={item.price}
            communityPrice={item.behappy_price}
            shipped={item.kind === "products" && item.shipped}
          />
          {/* The card is the title's link (app/styles/content.css); this only says so to the eye. */}
          <span className="text-link" aria-hidden="true">
            Details ansehen
          </span>
        </div>
      </div>
    </article>
  );
}
