import { sql } from "kysely";
import type { CartLine } from "~/lib/cart";
import type { CheckoutInput } from "~/lib/schemas/checkout";
import type { Tx } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import { iso, num } from "~/server/db/values.server";
import { PROFILE_FIELDS } from "~/server/members/members.server";

/** What an order page shows (confirmation, admin detail). */
export const ORDER_COLUMNS = [
  "id",
  "customer_name",
  "customer_email",
  "customer_phone",
  "total_amount",
  "shipping_fee",
  "status",
  "created_at",
  "salutation",
  "street",
  "zipcode",
  "city",
  "country",
  "notes",
  "company",
  "vat_id",
  "voucher_code",
  "discount_amount",
] as const;

/**
 * The order is written by place_order in SQL: prices and total come from the catalogue and the
 * buyer's membership there. A form sent again returns the same order.
 */
export async function placeOrder(tx: Tx, input: CheckoutInput, lines: CartLine[], voucherCode: string | null = null) {
  const customer = {
    salutation: input.salutation ?? "",
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone: input.phone ?? "",
    mobile: input.mobile ?? "",
    street: input.street,
    zipcode: input.zipcode,
    city: input.city,
    country: input.country,
    notes: input.notes ?? "",
    company: input.company ?? "",
    vat_id: input.vatId ?? "",
    // place_order decides the code's discount under the code's lock (decision 0017).
    voucher_code: voucherCode ?? "",
  };
  const orderLines = lines.map((l) => ({ item_id: l.itemId, item_type: l.itemType, quantity: l.quantity }));
  const { rows } = await sql<{ id: string }>`
    select public.place_order(${input.checkoutToken}::uuid, ${JSON.stringify(customer)}::jsonb, ${JSON.stringify(orderLines)}::jsonb) as id`.execute(
    tx,
  );
  const orderId = rows[0].id;
  return orderId;
}

export async function getOrder(tx: Tx, orderId: string) {
  const order = await tx
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "payment_deadline"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  return {
    ...order,
    created_at: iso(order.created_at),
    payment_deadline: order.payment_deadline ? iso(order.payment_deadline) : null,
    total_amount: num(order.total_amount) ?? 0,
    shipping_fee: num(order.shipping_fee) ?? 0,
    discount_amount: num(order.discount_amount) ?? 0,
    items: await listOrderItems(tx, orderId),
  };
}

/** The lines of one order, by title (order confirmation, admin order detail). */
export async function listOrderItems(tx: Tx, orderId: string) {
  const rows = await tx
    .selectFrom("order_items")
    .select(["id", "item_id", "item_type", "item_title", "quantity", "price"])
    .where("order_id", "=", orderId)
    .orderBy("item_title")
    .execute();
  return rows.map((row) => ({ ...row, price: num(row.price) ?? 0 }));
}

export type OrderWithItems = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

export async function getProfileForCheckout(tx: Tx, userId: string) {
  return tx.selectFrom("profiles").select(PROFILE_FIELDS).where("id", "=", userId).executeTakeFirst();
}

/** Spec §7: the profile is updated with the address fields (a failure is only logged by the caller). */
export async function saveCheckoutAddress(tx: Tx, userId: string, input: CheckoutInput) {
  await tx
    .updateTable("profiles")
    .set({
      salutation: input.salutation || null,
      first_name: input.firstName,
      last_name: input.lastName,
      street: input.street,
      zipcode: input.zipcode,
      city: input.city,
      country: input.country,
      areacode: input.areacode ?? null,
      phone: input.phone ?? null,
      mobile: input.mobile ?? null,
      company: input.company || null,
      vat_id: input.vatId || null,
      updated_at: shopNow(),
    })
    .where("id", "=", userId)
    .execute();
}

export async function findOrderByCheckoutToken(tx: Tx, token: string) {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const row = await tx.selectFrom("orders").select("id").where("checkout_token", "=", token).executeTakeFirst();
  return row?.id ?? null;
}
