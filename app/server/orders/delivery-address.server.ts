import type { Tx } from "~/server/db/db.server";

export interface DeliveryAddress {
  name: string;
  street: string;
  zipcode: string;
  city: string;
  country: string;
}

/**
 * Stores a delivery address that differs from the billing address, in the checkout's transaction
 * (RLS: the owner's pending order). A retried checkout returns the same order: nothing new.
 */
export async function saveDeliveryAddress(tx: Tx, orderId: string, address: DeliveryAddress | null) {
  if (!address) return;
  await tx
    .insertInto("order_delivery_addresses")
    .values({ order_id: orderId, ...address })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
}

/**
 * Where the goods go: null when the order ships nothing; otherwise the stored delivery address or,
 * without one, the billing address (`sameAsBilling`).
 */
export async function deliveryOf(tx: Tx, orderId: string) {
  const shipped = await tx
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", orderId)
    .where("shipped", "=", true)
    .limit(1)
    .executeTakeFirst();
  if (!shipped) return null;
  const address = await tx
    .selectFrom("order_delivery_addresses")
    .select(["name", "street", "zipcode", "city", "country"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return address ? { sameAsBilling: false as const, address } : { sameAsBilling: true as const, address: null };
}

export type Delivery = Awaited<ReturnType<typeof deliveryOf>>;

export function deliveryLines(delivery: NonNullable<Delivery>) {
  if (!delivery.address) return ["wie Rechnungsadresse"];
  const a = delivery.address;
  return [a.name, a.street, `${a.zipcode} ${a.city}`, a.country];
}
