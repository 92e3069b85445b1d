import type { RouterContextProvider } from "react-router";
import { getAuth } from "../auth/auth.server";
import type { Tx, Viewer } from "../db/db.server";
import { withViewer } from "../db/db.server";
import { logger } from "../log.server";
import { publicUrl } from "../mail.server";
import { getToast } from "../toast.server";

/**
 * Public catalogue reads (spec §7 "Home and offers lists", "Full lists", "Detail"). Everything runs
 * through withViewer, so RLS decides. Rows are mapped to plain, serialisable objects with numbers
 * for prices and ISO strings for timestamps.
 */

export type CatalogKind = "events" | "courses" | "products";

export interface EventItem {
  kind: "events";
  id: string;
  title: string;
  category: string;
  image_url: string;
  date: string | null;
  time: string | null;
  location: string | null;
  provider: string | null;
  description: string | null;
  price: number | null;
  behappy_price: number;
  created_at: string;
}

export interface CourseItem extends Omit<EventItem, "kind"> {
  kind: "courses";
}

export interface ProductItem {
  kind: "products";
  id: string;
  title: string;
  category: string;
  description: string | null;
  details: string | null;
  image_url: string;
  price: number | null;
  behappy_price: number;
  availability: boolean;
  created_at: string;
}

export type CatalogItem = EventItem | CourseItem | ProductItem;
export type ItemOf<K extends CatalogKind> = K extends "events" ? EventItem : K extends "courses" ? CourseItem : ProductItem;

/** Which items a list shows: all, or the ones flagged for the start page or the offers page. */
export type CatalogFilter = "all" | "startpage" | "offer";

/** A list read never throws: failures are logged and reported as a state the page renders. */
export type ListResult<T> = { ok: true; items: T[] } | { ok: false };
export type DetailResult<T> = { state: "found"; item: T } | { state: "not-found" } | { state: "error" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const num = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

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
  "created_at",
] as const;

type EventRow = {
  id: string;
  title: string;
  category: string;
  image_url: string;
  date: string | null;
  time: string | null;
  location: string | null;
  provider: string | null;
  description: string | null;
  price: unknown;
  "behappy-price": unknown;
  created_at: unknown;
};

type ProductRow = {
  id: string;
  title: string;
  category: string;
  description: string | null;
  details: string | null;
  image_url: string;
  price: unknown;
  behappy_price: unknown;
  availability: boolean;
  created_at: unknown;
};

function mapEvent<K extends "events" | "courses">(kind: K, row: EventRow) {
  return {
    kind,
    id: row.id,
    title: row.title,
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
    created_at: iso(row.created_at),
  } as ItemOf<K>;
}

function mapProduct(row: ProductRow): ProductItem {
  return {
    kind: "products",
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    details: row.details,
    image_url: row.image_url,
    price: num(row.price),
    behappy_price: num(row.behappy_price) ?? 0,
    availability: row.availability !== false,
    created_at: iso(row.created_at),
  };
}

async function selectList<K extends CatalogKind>(tx: Tx, kind: K, filter: CatalogFilter): Promise<ItemOf<K>[]> {
  if (kind === "products") {
    let query = tx.selectFrom("products").select(PRODUCT_COLUMNS);
    if (filter === "startpage") query = query.where("show_on_startpage", "=", true);
    if (filter === "offer") query = query.where("show_on_offer", "=", true);
    const rows = await query.orderBy("created_at", "desc").orderBy("id").execute();
    return rows.map((row) => mapProduct(row as ProductRow)) as ItemOf<K>[];
  }
  const table = kind as "events" | "courses";
  let query = tx.selectFrom(table).select(EVENT_COLUMNS);
  if (filter === "startpage") query = query.where("show_on_startpage", "=", true);
  if (filter === "offer") query = query.where("show_on_offer", "=", true);
  const rows = await query.orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map((row) => mapEvent(table, row as EventRow)) as ItemOf<K>[];
}

/** All items of one kind, newest first, optionally only the flagged ones. */
export async function listCatalog<K extends CatalogKind>(
  viewer: Viewer,
  kind: K,
  filter: CatalogFilter = "all",
): Promise<ListResult<ItemOf<K>>> {
  try {
    const items = await withViewer(viewer, (tx) => selectList(tx, kind, filter));
    return { ok: true, items };
  } catch (error) {
    logger.error("catalogue list failed", { kind, filter, error: (error as Error).message });
    return { ok: false };
  }
}

/** The three flagged sections of the home or offers page, read in one transaction. */
export async function listSections(viewer: Viewer, filter: "startpage" | "offer") {
  try {
    return await withViewer(viewer, async (tx) => {
      const events = await selectList(tx, "events", filter);
      const courses = await selectList(tx, "courses", filter);
      const products = await selectList(tx, "products", filter);
      return {
        events: { ok: true, items: events } as ListResult<EventItem>,
        courses: { ok: true, items: courses } as ListResult<CourseItem>,
        products: { ok: true, items: products } as ListResult<ProductItem>,
      };
    });
  } catch (error) {
    logger.error("catalogue sections failed", { filter, error: (error as Error).message });
    return {
      events: { ok: false } as ListResult<EventItem>,
      courses: { ok: false } as ListResult<CourseItem>,
      products: { ok: false } as ListResult<ProductItem>,
    };
  }
}

/**
 * One item by id. A missing id is a load failure (spec: 'ID not provided'); an id that is not a
 * uuid cannot exist, so it is "not found" without asking the database.
 */
export async function getCatalogItem<K extends CatalogKind>(
  viewer: Viewer,
  kind: K,
  id: string | undefined,
): Promise<DetailResult<ItemOf<K>>> {
  if (!id) {
    logger.error("catalogue detail failed", { kind, error: "ID not provided" });
    return { state: "error" };
  }
  if (!isUuid(id)) return { state: "not-found" };
  try {
    const item = await withViewer(viewer, async (tx) => {
      if (kind === "products") {
        const row = await tx.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "=", id).executeTakeFirst();
        return row ? mapProduct(row as ProductRow) : null;
      }
      const table = kind as "events" | "courses";
      const row = await tx.selectFrom(table).select(EVENT_COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? mapEvent(table, row as EventRow) : null;
    });
    return item ? { state: "found", item: item as ItemOf<K> } : { state: "not-found" };
  } catch (error) {
    logger.error("catalogue detail failed", { kind, id, error: (error as Error).message });
    return { state: "error" };
  }
}

/** Ids and change dates of every catalogue item, for sitemap.xml. */
export async function listCatalogUrls(viewer: Viewer) {
  return withViewer(viewer, async (tx) => {
    const result: { kind: CatalogKind; id: string; lastmod: string }[] = [];
    for (const kind of ["events", "courses", "products"] as const) {
      const rows = await tx
        .selectFrom(kind)
        .select(["id", "created_at", "updated_at"])
        .orderBy("created_at", "desc")
        .execute();
      for (const row of rows) result.push({ kind, id: row.id, lastmod: iso(row.updated_at ?? row.created_at) });
    }
    return result;
  });
}

/* ---- page helpers: streaming, caching, canonical URLs ---------------------------------------- */


export const PUBLIC_CACHE = "public, max-age=60, s-maxage=300";
export const PRIVATE_CACHE = "private, no-store";

/**
 * Cache-Control of a public catalogue page: a CDN may hold it briefly when nothing personal is on
 * it; a signed-in viewer (user menu) or a pending toast makes it private.
 */
export async function catalogCacheHeaders(request: Request, context: Readonly<RouterContextProvider>) {
  const signedIn = getAuth(context).user !== null;
  const { toast } = signedIn ? { toast: undefined } : await getToast(request);
  const cacheControl = signedIn || toast ? PRIVATE_CACHE : PUBLIC_CACHE;
  return { "Cache-Control": cacheControl, Vary: "Cookie" };
}

/**
 * For a route's `headers` export: passes the loader's caching decision on to the document, unless
 * a parent (the root: signed-in user, cart badge) already made the page private.
 */
export function cacheHeadersFrom(loaderHeaders: Headers, parentHeaders?: Headers): Record<string, string> {
  const own = loaderHeaders.get("Cache-Control");
  const parent = parentHeaders?.get("Cache-Control");
  const cacheControl = parent && /private|no-store/.test(parent) ? PRIVATE_CACHE : own;
  if (!cacheControl) return {};
  return { "Cache-Control": cacheControl, Vary: loaderHeaders.get("Vary") ?? "Cookie" };
}

/** The absolute canonical URL of a path (PUBLIC_URL, never the request's Host header). */
export function canonicalUrl(path: string) {
  return publicUrl(path);
}
