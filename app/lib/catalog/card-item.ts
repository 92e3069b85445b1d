import type { CatalogCardItem, CatalogItem } from "~/lib/catalog/types";

/**
 * The card's part of an item. Its title only as hyphenated for display: the plain one is the same
 * without the soft hyphens (`plainTitle`), and each card would otherwise send both in the page's data.
 */
export function toCardItem(item: CatalogItem): CatalogCardItem {
  const { id, displayTitle, category, image_url, price, behappy_price } = item;
  const common = { id, displayTitle, category, image_url, price, behappy_price };
  if (item.kind === "products") {
    const { description, availability, shipped } = item;
    return { kind: item.kind, ...common, description, availability, shipped };
  }
  const { date, time, location, past, seats_left } = item;
  return { kind: item.kind, ...common, date, time, location, past, seats_left };
}

/** A title without the soft hyphens `hyphenate` put in for display. */
export function plainTitle(displayTitle: string): string {
  return displayTitle.replaceAll("\u00AD", "");
}
