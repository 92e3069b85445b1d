import { sql } from "kysely";
import type { ProfileInput } from "~/lib/schemas/profile";
import type { RegistrationInput } from "~/lib/schemas/registration";
import { PROFILE_FIELDS, type MemberOrder, type MemberProfile, type OrderStatus } from "~/lib/members";
import type { Tx } from "~/server/db/db.server";
import { iso, num } from "~/server/db/values.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { shopNow } from "~/server/jobs/clock.server";

export type { MemberOrder, MemberOrderItem, MemberProfile, OrderStatus } from "~/lib/members";

/**
 * The members area's data, always read and written as the member (withViewer with their viewer):
 * RLS decides what they see, register_participant / export_my_data / delete_my_account check
 * auth.uid() themselves.
 */

/** Spec §7 Dashboard orders: the member's own orders newest first, with lines and participants. */
export async function getMemberOrders(tx: Tx, userId: string): Promise<MemberOrder[]> {
  const orders = await tx
    .selectFrom("orders")
    .select([
      "id",
      "created_at",
      "status",
      "total_amount",
      "shipping_fee",
      "discount_amount",
      "voucher_code",
      "customer_name",
    ])
    // RLS already hides other members' orders; the filter keeps an admin's dashboard to their own.
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(200)
    .execute();
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.id);
  const items = await tx
    .selectFrom("order_items")
    .select(["id", "order_id", "item_id", "item_type", "item_title", "quantity", "price"])
    .where("order_id", "in", orderIds)
    .orderBy("item_title")
    .orderBy("id")
    .execute();
  const eventItemIds = items.filter((i) => i.item_type === "event").map((i) => i.id);
  const bookings = eventItemIds.length
    ? await tx
        .selectFrom("event_bookings")
        .select(["id", "order_item_id", "first_name", "last_name", "email", "phone", "notes"])
        .where("order_item_id", "in", eventItemIds)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    : [];

  // Seats Rechnungskorrekturen took back (the seat counter's own rule, SQL returned_quantity).
  const returns = eventItemIds.length
    ? await tx
        .selectFrom("order_items")
        .select(["id", sql<number>`public.returned_quantity(id)`.as("returned")])
        .where("id", "in", eventItemIds)
        .execute()
    : [];
  const returnedOf = (itemId: string) => Number(returns.find((r) => r.id === itemId)?.returned ?? 0);
  // Events that are over (register_participant refuses them; the dashboard offers no form then).
  const eventIds = [...new Set(items.filter((i) => i.item_type === "event").map((i) => i.item_id))];
  const overEvents = new Set(
    eventIds.length
      ? (
          await tx
            .selectFrom("events")
            .select("id")
            .where("id", "in", eventIds)
            .where(sql<boolean>`public.has_ended(starts_at, ends_at)`)
            .execute()
        ).map((e) => e.id)
      : [],
  );

  return orders.map((order) => ({
    id: order.id,
    createdAt: iso(order.created_at),
    status: order.status as OrderStatus,
    total: num(order.total_amount) ?? 0,
    shippingFee: num(order.shipping_fee) ?? 0,
    discount: num(order.discount_amount) ?? 0,
    voucherCode: order.voucher_code,
    items: items
      .filter((item) => item.order_id === order.id)
      .map((item) => ({
        id: item.id,
        itemId: item.item_id,
        type: item.item_type,
        title: item.item_title,
        quantity: item.quantity,
        returned: returnedOf(item.id),
        price: num(item.price) ?? 0,
        participants: bookings.filter((b) => b.order_item_id === item.id).map(({ order_item_id: _o, ...b }) => b),
        over: overEvents.has(item.item_id),
      })),
  }));
}

export { PROFILE_FIELDS };

/** A member profile as the dashboard and the admin dialog show it. */
export const PROFILE_COLUMNS = [...PROFILE_FIELDS, "created_at", "updated_at"] as const;

export async function getMemberProfile(tx: Tx, userId: string): Promise<MemberProfile | null> {
  const row = await tx.selectFrom("profiles").select(PROFILE_COLUMNS).where("id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Spec §4 Profile: a missing row is created with empty names and the account e-mail (a POST). */
export async function createMemberProfile(tx: Tx, user: { id: string; email: string }) {
  await tx
    .insertInto("profiles")
    .values({ id: user.id, first_name: "", last_name: "", email: user.email || null })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** Saves the profile fields (the trigger sets updated_at); creates the row if it is still missing. */
export async function saveMemberProfile(tx: Tx, user: { id: string; email: string }, input: ProfileInput) {
  const fields = {
    salutation: input.salutation || null,
    first_name: input.firstName ?? "",
    last_name: input.lastName ?? "",
    street: input.street || null,
    zipcode: input.zipcode || null,
    city: input.city || null,
    country: input.country || null,
    areacode: input.areacode || null,
    phone: input.phone || null,
    mobile: input.mobile || null,
    company: input.company || null,
    vat_id: input.vatId || null,
  };
  await tx
    .insertInto("profiles")
    .values({ id: user.id, email: user.email || null, ...fields })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...fields, updated_at: sql<Date>`now()` }))
    .execute();
}

/**
 * register_participant in SQL (limit under a row lock, owner check). Answers how many places of
 * the line are still free afterwards, so the form can stay open or close.
 */
export async function registerParticipant(tx: Tx, input: RegistrationInput) {
  await sql`select public.register_participant(${input.orderItemId}::uuid, ${input.firstName}, ${input.lastName},
    ${input.email}, ${input.phone ?? ""}, ${input.notes ?? ""})`.execute(tx);
  const { rows } = await sql<{ remaining: number }>`
    select (oi.quantity - public.returned_quantity(oi.id)
            - (select count(*) from public.event_bookings b where b.order_item_id = oi.id))::int as remaining
    from public.order_items oi where oi.id = ${input.orderItemId}::uuid`.execute(tx);
  return { remaining: rows[0]?.remaining ?? 0 };
}

/** DSGVO Art. 15/20: everything about the member as one JSON document (export_my_data in SQL). */
export async function exportMemberData(tx: Tx) {
  const { rows } = await sql<{ data: unknown }>`select public.export_my_data() as data`.execute(tx);
  const data = rows[0]?.data;
  // pg parses jsonb; PGlite too, but a string is accepted for safety.
  const exported =
    typeof data === "string" ? (JSON.parse(data) as Record<string, unknown>) : (data as Record<string, unknown>);
  // export_my_data stamps the database's real time; the shop's clock decides, as in the file's name.
  return { ...exported, exported_at: shopNow().toISOString() };
}

/** DSGVO Art. 17: erases the account (delete_my_account in SQL); returns the orders kept for bookkeeping. */
export async function deleteMemberAccount(tx: Tx) {
  const { rows } = await sql<{ kept: number }>`select public.delete_my_account() as kept`.execute(tx);
  // The account's other sessions end with it, on this instance at once.
  await invalidateViewers(tx);
  return num(rows[0]?.kept) ?? 0;
}
