import { sql } from "kysely";
import type { CartItemType, CartLine } from "~/lib/cart";
import { chargedUnitPrice, type MembershipStatus, type PlanFacts } from "~/lib/membership";
import { freeSeats } from "~/lib/catalog/seats";
import { formatDate } from "~/lib/format";
import { cachedCatalog } from "~/server/catalog/catalog-cache.server";
import type { Tx } from "~/server/db/db.server";

/** A catalogue item as the cart needs it: title, image, prices, whether it can be bought. */
export interface CartItem {
  itemId: string;
  itemType: CartItemType;
  title: string;
  imageUrl: string;
  regularPrice: number;
  communityPrice: number;
  available: boolean;
  isMembership: boolean;
  /** The plan a membership product sells (membership_plans), else null. */
  plan: (PlanFacts & { grantsCommunityPrice: boolean }) | null;
  /** A physical product (PAngV: shipping terms next to the price; checkout asks for delivery). */
  shipped: boolean;
  /** Events and courses: seats still free (null = no limit); products: null. */
  seatsLeft: number | null;
  /** Seats held for waitlist offers (whoever they are for); 0 for products. */
  seatsOffered: number;
  /** An event or course that has begun (shop's clock): no longer bookable. */
  past: boolean;
  /**
   * The essential characteristics the order page names next to the line (§ 312j Abs. 2 BGB): the
   * date, time and place of an event or course, a plan's term, a product's description.
   */
  facts: string | null;
}

export interface ResolvedLine extends CartLine, Omit<CartItem, "itemId" | "itemType" | "plan" | "seatsOffered"> {
  /** The unit price this viewer is charged for this cart (what place_order will decide). */
  unitPrice: number;
  lineTotal: number;
}

/**
 * Looks up the items of the given lines ("all": every item a cart can hold): at most one query per
 * kind, never one per line.
 */
export async function findCartItems(tx: Tx, refs: Pick<CartLine, "itemId" | "itemType">[] | "all") {
  const idsOf = (type: CartItemType) =>
    refs === "all" ? "all" : refs.filter((r) => r.itemType === type).map((r) => r.itemId);
  const wanted = (ids: string[] | "all") => ids === "all" || ids.length > 0;
  const datedItems = async (table: "courses" | "events", ids: string[] | "all") =>
    wanted(ids)
      ? tx
          // Aliased, so one query serves both tables (courses and events have the same columns).
          .selectFrom(`${table} as item` as "events as item")
          .leftJoin("seat_counts", "seat_counts.item_id", "item.id")
          .select([
            "item.id",
            "item.title",
            "item.image_url",
            "item.price",
            "item.behappy-price as community",
            "item.capacity",
            "item.date",
            "item.time",
            "item.location",
            "seat_counts.booked",
            "seat_counts.offered",
          ])
          .select(sql<boolean>`coalesce(item.starts_at <= public.shop_now(), false)`.as("past"))
          .$if(ids !== "all", (q) => q.where("item.id", "in", ids as string[]))
          .execute()
      : [];
  const [products, courses, events] = await Promise.all([
    wanted(idsOf("product"))
      ? tx
          .selectFrom("products")
          .leftJoin("membership_plans as plan", "plan.plan", "products.membership_plan")
          .select([
            "products.id",
            "products.title",
            "products.image_url",
            "products.price",
            "products.behappy_price as community",
            "products.availability",
            "products.shipped",
            "products.category",
            "products.description",
            "plan.name as plan_name",
            "plan.rank as plan_rank",
            "plan.term_months as plan_term_months",
            "plan.grants_community_price as plan_grants",
          ])
          .$if(refs !== "all", (q) => q.where("products.id", "in", idsOf("product") as string[]))
          .execute()
      : [],
    datedItems("courses", idsOf("course")),
    datedItems("events", idsOf("event")),
  ]);
  const items = new Map<string, CartItem>();
  const put = (
    itemType: CartItemType,
    row: { id: string; title: string; image_url: string; price: number; community: number },
    extra: Pick<CartItem, "available" | "isMembership" | "shipped" | "plan" | "facts"> &
      Partial<Pick<CartItem, "seatsLeft" | "seatsOffered" | "past">>,
  ) =>
    items.set(`${itemType}:${row.id}`, {
      itemId: row.id,
      itemType,
      title: row.title,
      imageUrl: row.image_url,
      regularPrice: Number(row.price),
      communityPrice: Number(row.community),
      seatsLeft: null,
      seatsOffered: 0,
      past: false,
      ...extra,
    });
  for (const row of products) {
    const plan =
      row.category === "membership" && row.plan_name !== null && row.plan_rank !== null
        ? {
            name: row.plan_name,
            rank: row.plan_rank,
            termMonths: row.plan_term_months,
            grantsCommunityPrice: row.plan_grants === true,
          }
        : null;
    put("product", row, {
      available: row.availability,
      isMembership: row.category === "membership",
      shipped: row.shipped && row.category !== "membership",
      plan,
      facts: plan ? planTerm(plan, Number(row.price)) : row.description?.trim() || null,
    });
  }
  const dated = (row: (typeof events)[number]) => ({
    available: !row.past,
    isMembership: false,
    shipped: false,
    plan: null,
    seatsLeft: freeSeats(row.capacity, row),
    seatsOffered: Number(row.offered ?? 0),
    past: row.past === true,
    facts: whenAndWhere(row),
  });
  for (const row of courses) put("course", row, dated(row));
  for (const row of events) put("event", row, dated(row));
  return items;
}

/** A plan's term as the AGB § 3 state it. */
function planTerm(plan: { termMonths: number | null }, price: number) {
  if (plan.termMonths !== null) return `Laufzeit ${plan.termMonths} Monate, ohne automatische Verlängerung`;
  return price > 0 ? "Unbefristet, einmalige Zahlung" : "Unbefristet, kostenlos";
}

/** An event's or course's date, time and place, as its card shows them. */
function whenAndWhere(row: { date: string | null; time: string | null; location: string | null }) {
  const when = row.date ? (row.time ? `${formatDate(row.date)}, ${row.time}` : formatDate(row.date)) : null;
  return [when, row.location].filter(Boolean).join(" · ") || null;
}

/**
 * Lines with their current catalogue data and the prices this viewer will be charged; lines whose
 * item is gone are returned separately. Same rule as public.place_order: a price-granting
 * membership, held or in this cart, means community prices for every item; a plan costs its price.
 * `memberPricesFromCart`: the community prices come from the plan in the cart (the cart says so).
 */
export async function resolveCart(tx: Tx, lines: CartLine[], membership: MembershipStatus | null = null) {
  return priceCart(await findCartItems(tx, lines), lines, membership);
}

/**
 * Every item a cart can hold, from the in-process catalogue snapshot (catalog-cache.server.ts):
 * the cart page resolves its lines without a query. Plan facts are part of the snapshot too
 * (a change to membership_plans bumps the catalogue version).
 */
export function cartCatalog(): Promise<ReadonlyMap<string, CartItem>> {
  return cachedCatalog("cart-items", (tx) => findCartItems(tx, "all"));
}

/** resolveCart on items already looked up (for the cart page: from cartCatalog). */
export function priceCart(
  items: ReadonlyMap<string, CartItem>,
  lines: CartLine[],
  membership: MembershipStatus | null = null,
) {
  const present = lines.flatMap((line) => {
    const item = items.get(`${line.itemType}:${line.itemId}`);
    return item ? [{ line, item }] : [];
  });
  const missing = lines.filter((line) => !items.has(`${line.itemType}:${line.itemId}`));
  const held = membership?.grantsCommunityPrice === true;
  const planInCart = present.find(({ item }) => item.plan)?.item.plan ?? null;
  const memberPrices = held || planInCart?.grantsCommunityPrice === true;
  const resolved: ResolvedLine[] = present.map(({ line, item }) => {
    const { itemId: _id, itemType: _type, plan: _plan, seatsOffered: _offered, ...data } = item;
    const unitPrice = item.isMembership
      ? item.regularPrice
      : chargedUnitPrice({ price: item.regularPrice, communityPrice: item.communityPrice }, memberPrices);
    return { ...line, ...data, unitPrice, lineTotal: Math.round(unitPrice * 100 * line.quantity) / 100 };
  });
  return {
    resolved,
    missing,
    memberPrices,
    memberPricesFromCart: !held && memberPrices ? (planInCart?.name ?? null) : null,
    /** The plan a membership line in the cart sells, if any. */
    planInCart,
  };
}

/** The plan cards' products with their plan's facts (the same row place_order prices by). */
export async function membershipProducts(tx: Tx) {
  return tx
    .selectFrom("products")
    .innerJoin("membership_plans as plan", "plan.plan", "products.membership_plan")
    .select([
      "products.id",
      "products.title",
      "products.price",
      "products.description",
      "products.image_url",
      "products.features",
      "products.not_included",
      "plan.plan",
      "plan.rank",
      "plan.term_months",
      "plan.grants_community_price",
    ])
    .where("products.category", "=", "membership")
    .execute();
}
