import type { CatalogCardItem, CatalogItem } from "~/lib/catalog/types";

/** The card's part of an item. */
export function toCardItem(item: CatalogItem): CatalogCardItem {
  const { id, title, displayTitle, category, image_url, price, behappy_price } = item;
  const common = { id, title, displayTitle, category, image_url, price, behappy_price };
  if (item.kind === "products") {
    const { description, availability, shipped } = item;
    return { kind: item.kind, ...common, description, availability, shipped };
  }
  const { date, time, location, past, seats_left } = item;
  return { kind: item.kind, ...common, date, time, location, past, seats_left };
}
