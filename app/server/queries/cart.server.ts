import type { CartItemType, CartLine } from "~/lib/cart";
import { unitPrice } from "~/lib/cart";
import type { Tx } from "../db/db.server";

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
  /** A physical product (PAngV: shipping terms next to the price; checkout asks for delivery). */
  shipped: boolean;
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
          .select([
            "id",
            "title",
            "image_url",
            "price",
            "behappy_price as community",
            "availability",
            "category",
            "shipped",
          ])
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
    extra: { available: boolean; isMembership: boolean; shipped: boolean },
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
    put("product", row, {
      available: row.availability,
      isMembership: row.category === "membership",
      shipped: row.shipped && row.category !== "membership",
    });
  for (const row of courses) put("course", row, { available: true, isMembership: false, shipped: false });
  for (const row of events) put("event", row, { available: true, isMembership: false, shipped: false });
  return items;
}

/** Lines with their current catalogue data; lines whose item is gone are returned separately. */
export async function resolveCart(tx: Tx, lines: CartLine[]) {
  const items = await findCartItems(tx, lines);
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
