import { sql, type Selectable } from "kysely";
import { cachedCatalog } from "~/server/catalog/catalog-cache.server";
import type { Tx, Viewer } from "~/server/db/db.server";
import type { CoursesTable, EventsTable, ProductsTable } from "~/server/db/types.server";
import { iso, num } from "~/server/db/values.server";
import { hyphenate } from "~/server/platform/hyphenation.server";
import { logger } from "~/server/platform/log.server";
import type { CatalogFilter, CatalogKind, DetailResult, ItemOf, ListResult, ProductItem } from "~/lib/catalog/types";
import { isUuid } from "~/lib/uuid";
import { freeSeats } from "~/lib/catalog/seats";

/**
 * Public catalogue reads (spec §7 "Home and offers lists", "Full lists", "Detail"). They are read
 * as the anon viewer through withViewer (RLS decides) and cached in process
 * (catalog-cache.server.ts). Rows are mapped to plain, serialisable objects with numbers for
 * prices and ISO strings for timestamps; each title is hyphenated once per catalogue version
 * (`displayTitle`, for the visible headings only).
 */

const EVENT_COLUMNS = [
  "id",
  "title",
  "category",
  "image_url",
  "date",
  "time",
  "location",
  "provider",
  "description",
  "price",
  "behappy-price",
  "starts_at",
  "ends_at",
  "capacity",
  "calendar_sequence",
  "created_at",
] as const;

const PRODUCT_COLUMNS = [
  "id",
  "title",
  "category",
  "description",
  "details",
  "image_url",
  "price",
  "behappy_price",
  "availability",
  "shipped",
  "created_at",
] as const;

type EventColumn = (typeof EVENT_COLUMNS)[number];
type EventRow = (Pick<Selectable<EventsTable>, EventColumn> | Pick<Selectable<CoursesTable>, EventColumn>) & {
  booked: number | null;
  offered: number | null;
  past: boolean;
  ended: boolean;
};
type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]>;

function mapEvent<K extends "events" | "courses">(kind: K, row: EventRow) {
  return {
    kind,
    id: row.id,
    title: row.title,
    displayTitle: hyphenate(row.title),
    category: row.category,
    image_url: row.image_url,
    date: row.date,
    time: row.time,
    location: row.location,
    provider: row.provider,
    description: row.description,
    price: num(row.price),
    // Spec §3: community price defaults to 0 when absent.
    behappy_price: num(row["behappy-price"]) ?? 0,
    starts_at: row.starts_at ? iso(row.starts_at) : null,
    ends_at: row.ends_at ? iso(row.ends_at) : null,
    capacity: row.capacity,
    seats_left: freeSeats(row.capacity, row),
    past: row.past === true,
    ended: row.ended === true,
    calendar_sequence: row.calendar_sequence,
    created_at: iso(row.created_at),
  } as ItemOf<K>;
}

function mapProduct(row: ProductRow): ProductItem {
  return {
    kind: "products",
    id: row.id,
    title: row.title,
    displayTitle: hyphenate(row.title),
    category: row.category,
    description: row.description,
    details: row.details,
    image_url: row.image_url,
    price: num(row.price),
    behappy_price: num(row.behappy_price) ?? 0,
    availability: row.availability !== false,
    shipped: row.shipped === true,
    created_at: iso(row.created_at),
  };
}

/**
 * Everything the public pages show of one kind, read once per catalogue version and shared by all
 * requests (app/server/catalog/catalog-cache.server.ts): every item newest first, the flagged subsets and
 * an index by id. Details come from the same snapshot, so an unknown id costs no query and the
 * cache stays bounded by the size of the catalogue, whatever ids are asked for.
 */
interface Snapshot<K extends CatalogKind> {
  all: readonly ItemOf<K>[];
  startpage: readonly ItemOf<K>[];
  offer: readonly ItemOf<K>[];
  byId: ReadonlyMap<string, ItemOf<K>>;
  urls: readonly { id: string; lastmod: string }[];
}

interface Flags {
  show_on_startpage: boolean;
  show_on_offer: boolean;
  updated_at: Date | null;
}

async function selectSnapshot<K extends CatalogKind>(tx: Tx, kind: K): Promise<Snapshot<K>> {
  const rows: { item: ItemOf<K>; flags: Flags }[] = [];
  if (kind === "products") {
    const found = await tx
      .selectFrom("products")
      .select([...PRODUCT_COLUMNS, "show_on_startpage", "show_on_offer", "updated_at"])
      // Memberships are chosen on /join, never offered as ordinary products (lists, details, sitemap).
      .where("category", "<>", "membership")
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute();
    for (const row of found) rows.push({ item: mapProduct(row) as ItemOf<K>, flags: row });
  } else {
    const table = kind as "events" | "courses";
    const found = await tx
      .selectFrom(table)
      .leftJoin("seat_counts", "seat_counts.item_id", `${table}.id`)
      .select(EVENT_COLUMNS.map((column) => `${table}.${column}` as const))
      .select([
        `${table}.show_on_startpage`,
        `${table}.show_on_offer`,
        `${table}.updated_at`,
        "seat_counts.booked",
        "seat_counts.offered",
      ])
      .select(sql<boolean>`coalesce(${sql.ref(`${table}.starts_at`)} <= public.shop_now(), false)`.as("past"))
      .select(
        sql<boolean>`public.has_ended(${sql.ref(`${table}.starts_at`)}, ${sql.ref(`${table}.ends_at`)})`.as("ended"),
      )
      .orderBy(`${table}.created_at`, "desc")
      .orderBy(`${table}.id`)
      .execute();
    for (const row of found) rows.push({ item: mapEvent(table, row) as ItemOf<K>, flags: row });
  }
  // Frozen: the same objects go to every request.
  for (const { item } of rows) Object.freeze(item);
  const items = (pick: (flags: Flags) => boolean) =>
    Object.freeze(rows.filter((r) => pick(r.flags)).map((r) => r.item));
  return Object.freeze({
    all: items(() => true),
    startpage: items((f) => f.show_on_startpage),
    offer: items((f) => f.show_on_offer),
    byId: new Map(rows.map((r) => [r.item.id, r.item])),
    urls: Object.freeze(rows.map((r) => ({ id: r.item.id, lastmod: iso(r.flags.updated_at ?? r.item.created_at) }))),
  });
}

const snapshot = <K extends CatalogKind>(kind: K) =>
  cachedCatalog(`catalogue:${kind}`, (tx) => selectSnapshot(tx, kind));

/*
 * The reads below take the viewer for the day a policy shows someone more than anon: today the
 * catalogue reads the same for everyone (policies `using (true)` for anon and authenticated), so
 * every viewer is served from the anon-filled cache.
 */

/** All items of one kind, newest first, optionally only the flagged ones. */
export async function listCatalog<K extends CatalogKind>(
  _viewer: Viewer,
  kind: K,
  filter: CatalogFilter = "all",
): Promise<ListResult<ItemOf<K>>> {
  try {
    return { ok: true, items: (await snapshot(kind))[filter] as ItemOf<K>[] };
  } catch (error) {
    logger.error("catalogue list failed", { kind, filter, error: (error as Error).message });
    return { ok: false };
  }
}

/**
 * The three flagged sections of the home or offers page. Events and courses that have begun stay
 * in their lists with "Vergangen", but these sections promote what can be booked ("Kommende
 * Veranstaltungen"), so they leave them out. The catalogue clock job renews the snapshot when one begins.
 */
export async function listSections(viewer: Viewer, filter: "startpage" | "offer") {
  const [events, courses, products] = await Promise.all([
    listCatalog(viewer, "events", filter).then(bookableOnly),
    listCatalog(viewer, "courses", filter).then(bookableOnly),
    listCatalog(viewer, "products", filter),
  ]);
  return { events, courses, products };
}

function bookableOnly<T extends { past: boolean }>(result: ListResult<T>): ListResult<T> {
  return result.ok ? { ...result, items: result.items.filter((item) => !item.past) } : result;
}

/**
 * One item by id. A missing id is a load failure (spec: 'ID not provided'); an id that is not a
 * uuid cannot exist, so it is "not found" without asking the database.
 */
export async function getCatalogItem<K extends CatalogKind>(
  _viewer: Viewer,
  kind: K,
  id: string | undefined,
): Promise<DetailResult<ItemOf<K>>> {
  if (!id) {
    logger.error("catalogue detail failed", { kind, error: "ID not provided" });
    return { state: "error" };
  }
  if (!isUuid(id)) return { state: "not-found" };
  try {
    const item = (await snapshot(kind)).byId.get(id.toLowerCase());
    return item ? { state: "found", item } : { state: "not-found" };
  } catch (error) {
    logger.error("catalogue detail failed", { kind, id, error: (error as Error).message });
    return { state: "error" };
  }
}

/** Ids and change dates of every catalogue item, for sitemap.xml. */
export async function listCatalogUrls(_viewer: Viewer) {
  const result: { kind: CatalogKind; id: string; lastmod: string }[] = [];
  for (const kind of ["events", "courses", "products"] as const) {
    for (const url of (await snapshot(kind)).urls) result.push({ kind, ...url });
  }
  return result;
}

/* ---- page helpers: completeness, canonical URLs ---------------------------------------- */

/** Catalogue lists that are here (not streaming) and all loaded fine: safe for a shared cache. */
export function loadedCompletely(...results: Array<ListResult<unknown> | Promise<unknown>>): boolean {
  return results.every((result) => !(result instanceof Promise) && result.ok);
}
