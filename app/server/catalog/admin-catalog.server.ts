import { sql } from "kysely";
import type { AdminKind, Flag } from "~/lib/admin/kinds";
import type { ListParams } from "~/lib/admin/list-params";
import type { CourseFormInput, EventFormInput, ProductFormInput } from "~/lib/schemas/admin";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import type { Tx } from "~/server/db/db.server";
import { iso, num } from "~/server/db/values.server";
import { pageOf } from "~/server/admin/paging.server";
import { hyphenate } from "~/server/platform/hyphenation.server";

/**
 * Admin reads and writes of events, courses and products (spec §7 "Admin events, courses,
 * products"). Always inside withViewer(admin viewer): RLS allows the writes to admins only. Every
 * write tells the public catalogue cache (invalidateCatalog) before its transaction commits.
 */

export interface CatalogListRow {
  id: string;
  title: string;
  category: string;
  /** Title and category with soft hyphens, for the list's cells only (app/lib/hyphenation.ts). */
  displayTitle: string;
  displayCategory: string;
  /** Events and courses: the free-text date; products: null. */
  date: string | null;
  price: number;
  behappy_price: number;
  availability: boolean | null;
  show_on_startpage: boolean;
  show_on_offer: boolean;
  created_at: string;
}

// One query shape for the three tables (the columns checked here exist in all of them).
const table = (kind: AdminKind) => kind as "events";

export async function listCatalogAdmin(tx: Tx, kind: AdminKind, params: ListParams) {
  return pageOf<CatalogListRow>(tx, kind, params, async (ids) => {
    const rows = await tx
      .selectFrom(table(kind))
      .select(["id", "title", "category", "price", "show_on_startpage", "show_on_offer", "created_at"])
      .select(
        kind === "products"
          ? [
              sql<number>`behappy_price`.as("community"),
              sql<string | null>`null`.as("date"),
              sql<boolean>`availability`.as("availability"),
            ]
          : [
              sql<number>`"behappy-price"`.as("community"),
              sql<string | null>`date`.as("date"),
              sql<boolean | null>`null`.as("availability"),
            ],
      )
      .where("id", "in", ids)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      displayTitle: hyphenate(row.title),
      displayCategory: hyphenate(row.category),
      date: row.date,
      price: num(row.price) ?? 0,
      behappy_price: num(row.community) ?? 0,
      availability: row.availability,
      show_on_startpage: row.show_on_startpage,
      show_on_offer: row.show_on_offer,
      created_at: iso(row.created_at),
    }));
  });
}

/** Form values of one item (strings and booleans, as the form shows them), or null. */
export async function getCatalogForm(
  tx: Tx,
  kind: AdminKind,
  id: string,
): Promise<Record<string, string | boolean> | null> {
  const shared = (
    row: { title: string; category: string; image_url: string; price: number; vat_rate: number },
    community: number,
  ) => ({
    title: row.title,
    category: row.category,
    image_url: row.image_url,
    price: String(num(row.price) ?? 0),
    behappy_price: String(num(community) ?? 0),
    vat_rate: String(num(row.vat_rate) ?? 19),
  });
  if (kind === "products") {
    const row = await tx.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const { description, details, availability, show_on_startpage, show_on_offer } = row;
    return {
      ...shared(row, row.behappy_price),
      description: description ?? "",
      details: details ?? "",
      availability,
      shipped: row.shipped,
      show_on_startpage,
      show_on_offer,
    };
  }
  const row = await tx
    .selectFrom(`${table(kind)} as item` as "events as item")
    .selectAll("item")
    .select([berlinLocal("item.starts_at").as("starts_local"), berlinLocal("item.ends_at").as("ends_local")])
    .where("item.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { date, time, location, provider, show_on_startpage, show_on_offer } = row;
  return {
    ...shared(row, row["behappy-price"]),
    date: date ?? "",
    time: time ?? "",
    location: location ?? "",
    provider: provider ?? "",
    starts_at: row.starts_local ?? "",
    ends_at: row.ends_local ?? "",
    capacity: row.capacity === null ? "" : String(row.capacity),
    description: row.description ?? "",
    show_on_startpage,
    show_on_offer,
  };
}

export async function getCatalogTitle(tx: Tx, kind: AdminKind, id: string) {
  const row = await tx.selectFrom(table(kind)).select(["id", "title"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { ...row, bookings: kind === "products" ? null : await openBookings(tx, kind, id) };
}

/**
 * What deleting an event or course would leave behind (the delete dialog says it): seats in orders
 * that are not cancelled, and people still waiting or offered a seat.
 */
async function openBookings(tx: Tx, kind: "events" | "courses", id: string) {
  const itemType = kind === "events" ? "event" : "course";
  const { rows } = await sql<{ seats: number; orders: number; waiting: number }>`
    select coalesce(sum(oi.quantity), 0)::int as seats, count(distinct oi.order_id)::int as orders,
           (select count(*)::int from public.waitlist_entries w
             where w.item_id = ${id}::uuid and w.item_type = ${itemType} and w.status in ('waiting', 'offered')) as waiting
      from public.order_items oi
      join public.orders o on o.id = oi.order_id
     where oi.item_id = ${id}::uuid and oi.item_type = ${itemType} and o.status <> 'cancelled'`.execute(tx);
  return rows[0]!;
}

const blankToNull = (value: string | undefined) => (value && value.trim() !== "" ? value : null);

/** A timestamptz as the datetime-local input shows it, in Berlin time ("2027-03-14T10:00"). */
const berlinLocal = (column: "item.starts_at" | "item.ends_at") =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'Europe/Berlin', 'YYYY-MM-DD"T"HH24:MI')`;

/** A datetime-local value read as Berlin time (the database knows the daylight-saving rules). */
const fromBerlinLocal = (value: string | undefined) =>
  value ? sql<Date>`(${value}::timestamp at time zone 'Europe/Berlin')` : null;

/** Save payloads of spec §7: events and courses write "behappy-price", products behappy_price. */
type CatalogFormInput = EventFormInput | CourseFormInput | ProductFormInput;

function payload(kind: AdminKind, input: CatalogFormInput) {
  if (kind === "products") {
    const p = input as ProductFormInput;
    return {
      title: p.title,
      description: blankToNull(p.description),
      details: blankToNull(p.details),
      price: p.price,
      behappy_price: p.behappy_price,
      vat_rate: p.vat_rate,
      image_url: p.image_url,
      category: p.category,
      availability: p.availability,
      shipped: p.shipped,
      show_on_startpage: p.show_on_startpage,
      show_on_offer: p.show_on_offer,
    };
  }
  const e = input as EventFormInput | CourseFormInput;
  return {
    title: e.title,
    date: blankToNull(e.date),
    time: blankToNull(e.time),
    location: blankToNull(e.location),
    image_url: e.image_url,
    category: e.category,
    price: e.price,
    "behappy-price": e.behappy_price,
    vat_rate: e.vat_rate,
    provider: blankToNull(e.provider),
    description: blankToNull(e.description),
    starts_at: fromBerlinLocal(e.starts_at),
    ends_at: fromBerlinLocal(e.ends_at),
    capacity: e.capacity ?? null,
    show_on_startpage: e.show_on_startpage,
    show_on_offer: e.show_on_offer,
  };
}

export async function createCatalogItem(tx: Tx, kind: AdminKind, input: CatalogFormInput) {
  const row = await tx
    .insertInto(table(kind))
    .values(payload(kind, input) as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await invalidateCatalog(tx);
  return row.id;
}

/**
 * Returns null when RLS or a missing row left nothing updated; else whether an event's or course's
 * time or place changed (its calendar SEQUENCE rose, see the event_seats migration) while seats of
 * it are booked: then the admin is asked whether to tell the attendees.
 */
export async function updateCatalogItem(tx: Tx, kind: AdminKind, id: string, input: CatalogFormInput) {
  const dated = kind !== "products";
  const before = dated
    ? await tx.selectFrom(table(kind)).select("calendar_sequence").where("id", "=", id).executeTakeFirst()
    : undefined;
  const update = tx
    .updateTable(table(kind))
    .set(payload(kind, input) as never)
    .where("id", "=", id);
  const row = dated
    ? await update.returning(["id", "calendar_sequence"]).executeTakeFirst()
    : await update.returning(["id"]).executeTakeFirst();
  await invalidateCatalog(tx);
  if (!row) return null;
  const sequence = "calendar_sequence" in row ? row.calendar_sequence : undefined;
  if (!before || sequence === before.calendar_sequence) return { askToTellAttendees: false };
  const seats = await tx.selectFrom("seat_counts").select("booked").where("item_id", "=", id).executeTakeFirst();
  return { askToTellAttendees: (seats?.booked ?? 0) > 0 };
}

/** "update by id with one field" (spec §7): one flag. Returns the title, or null if nothing changed. */
export async function setCatalogFlag(tx: Tx, kind: AdminKind, id: string, flag: Flag, value: boolean) {
  const row = await tx
    .updateTable(table(kind))
    .set({ [flag]: value } as never)
    .where("id", "=", id)
    .returning(["title"])
    .executeTakeFirst();
  await invalidateCatalog(tx);
  return row?.title ?? null;
}

export async function deleteCatalogItem(tx: Tx, kind: AdminKind, id: string) {
  const row = await tx.deleteFrom(table(kind)).where("id", "=", id).returning(["title"]).executeTakeFirst();
  await invalidateCatalog(tx);
  return row?.title ?? null;
}
