import type { CatalogCardItem, CatalogItem } from "~/lib/catalog/types";

/**
 * The card's part of an item. Its title only as hyphenated for display: the card's one link is
 * named by it (a screen reader ignores the soft hyphens), and each card would otherwise send both
 * in the page's data.
 */
export function toCardItem(item: CatalogItem): CatalogCardItem {
  const { id, displayTitle, category, image_url, price, behappy_price } = item;
  const common = { id, displayTitle, category, image_url, price, behappy_price };
  if (item.kind === "products") {
    const { description, availability, shipped } = item;
    return { kind: item.kind, ...common, description, availability, shipped };
  }
  const { date, time, location, past, ended, seats_left } = item;
  return { kind: item.kind, ...common, date, time, location, past, seats_left, ...(past ? { ended } : {}) };
}
