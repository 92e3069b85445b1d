import type { CartItemType, CartLine } from "~/lib/cart";
import { unitPrice } from "~/lib/cart";
import type { Tx } from "../db/db.server";
import { catalogById, type CatalogKind } from "./catalog.server";

/** A catalogue item as the cart needs it: title, image, unit price, whether it can be bought. */
export interface CartItem {
  itemId: string;
  itemType: CartItemType;
  title: string;
  imageUrl: string;
  unitPrice: number;
  regularPrice: number;
  available: boolean;
  isMembership: boolean;
}

export interface ResolvedLine extends CartLine, Omit<CartItem, "itemId" | "itemType"> {
  lineTotal: number;
}

const HREF: Record<CartItemType, string> = { product: "/products", course: "/courses", event: "/events" };
export const itemHref = (type: CartItemType, id: string) => `${HREF[type]}/${id}`;

/** Looks up the items of the given lines: at most one query per kind, never one per line. */
export async function findCartItems(tx: Tx, refs: Pick<CartLine, "itemId" | "itemType">[]) {
  const idsOf = (type: CartItemType) => refs.filter((r) => r.itemType === type).map((r) => r.itemId);
  const [products, courses, events] = await Promise.all([
    idsOf("product").length
      ? tx
          .selectFrom("products")
          .select(["id", "title", "image_url", "price", "behappy_price as community", "availability", "category"])
          .where("id", "in", idsOf("product"))
          .execute()
      : [],
    idsOf("course").length
      ? tx
          .selectFrom("courses")
          .select(["id", "title", "image_url", "price", "behappy-price as community"])
          .where("id", "in", idsOf("course"))
          .execute()
      : [],
    idsOf("event").length
      ? tx
          .selectFrom("events")
          .select(["id", "title", "image_url", "price", "behappy-price as community"])
          .where("id", "in", idsOf("event"))
          .execute()
      : [],
  ]);
  const items = new Map<string, CartItem>();
  const put = (
    itemType: CartItemType,
    row: { id: string; title: string; image_url: string; price: number; community: number },
    extra: { available: boolean; isMembership: boolean },
  ) =>
    items.set(`${itemType}:${row.id}`, {
      itemId: row.id,
      itemType,
      title: row.title,
      imageUrl: row.image_url,
      unitPrice: unitPrice({ price: Number(row.price), communityPrice: Number(row.community) }),
      regularPrice: Number(row.price),
      ...extra,
    });
  for (const row of products)
    put("product", row, { available: row.availability, isMembership: row.category === "membership" });
  for (const row of courses) put("course", row, { available: true, isMembership: false });
  for (const row of events) put("event", row, { available: true, isMembership: false });
  return items;
}

const KIND: Record<CartItemType, CatalogKind> = { product: "products", course: "courses", event: "events" };

/**
 * The same lookup from the in-process catalogue snapshot (catalog-cache.server.ts): no query while
 * the catalogue is unchanged. For showing the cart; what an order costs is decided in SQL anyway.
 */
export async function findCartItemsInCatalog(refs: Pick<CartLine, "itemId" | "itemType">[]) {
  const types = [...new Set(refs.map((r) => r.itemType))];
  const indexes = new Map(await Promise.all(types.map(async (t) => [t, await catalogById(KIND[t])] as const)));
  const items = new Map<string, CartItem>();
  for (const { itemId, itemType } of refs) {
    const found = indexes.get(itemType)?.get(itemId.toLowerCase());
    if (!found) continue;
    const price = found.price ?? 0;
    const isProduct = found.kind === "products";
    items.set(`${itemType}:${itemId}`, {
      itemId,
      itemType,
      title: found.title,
      imageUrl: found.image_url,
      unitPrice: unitPrice({ price, communityPrice: found.behappy_price }),
      regularPrice: price,
      available: isProduct ? found.availability : true,
      isMembership: isProduct && found.category === "membership",
    });
  }
  return items;
}

/** Lines with their current catalogue data; lines whose item is gone are returned separately. */
export async function resolveCart(tx: Tx, lines: CartLine[]) {
  return resolveLines(lines, await findCartItems(tx, lines));
}

/** resolveCart from the catalogue snapshot (the cart page): no query per view. */
export async function resolveCartFromCatalog(lines: CartLine[]) {
  return resolveLines(lines, await findCartItemsInCatalog(lines));
}

function resolveLines(lines: CartLine[], items: Map<string, CartItem>) {
  const resolved: ResolvedLine[] = [];
  const missing: CartLine[] = [];
  for (const line of lines) {
    const item = items.get(`${line.itemType}:${line.itemId}`);
    if (!item) {
      missing.push(line);
      continue;
    }
    const { itemId: _id, itemType: _type, ...data } = item;
    resolved.push({ ...line, ...data, lineTotal: Math.round(item.unitPrice * 100 * line.quantity) / 100 });
  }
  return { resolved, missing };
}

export async function membershipProducts(tx: Tx) {
  return tx
    .selectFrom("products")
    .select(["id", "title", "price", "description", "image_url", "features", "not_included"])
    .where("category", "=", "membership")
    .execute();
}
