// What the DB tests of memberships share: the seed's ids, a customer, ordering as a viewer, a
// member of a plan, the shop's clock moved for one call, and an admin's status change.
import { randomUUID } from "node:crypto";
import { uniqueEmail, type Engine } from "./engines";

// Seed ids and prices (supabase/seed.sql).
export const COURSE = "c0000000-0000-4000-8000-000000000001"; // 249.00 / community 199.00, starts 01.04.2027
// Self-paced (no start): still bookable when a test moves the shop's clock past 2027.
export const SELF_PACED = "c0000000-0000-4000-8000-000000000005"; // 149.00 / community 119.00
export const PRODUCT = "b0000000-0000-4000-8000-000000000001"; // 24.90 / 19.90
export const INCLUDED = "b0000000-0000-4000-8000-000000000008"; // 9.90 / 0.00 ('Inklusive')
export const FREE = "a0000000-0000-4000-8000-000000000001"; // 0.00
export const YEARLY = "a0000000-0000-4000-8000-000000000002"; // 99.00
export const LIFETIME = "a0000000-0000-4000-8000-000000000003"; // 499.00

export const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

export const line = (item_id: string, item_type = "product", quantity = 1) => ({ item_id, item_type, quantity });
export const courseAndProduct = [line(COURSE, "course"), line(PRODUCT, "product", 2)];

export async function order(engine: Engine, userId: string, lines: object[]) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify(lines),
    ]);
  const id = rows[0].id;
  const [head] = await engine.query<{ total_amount: number; status: string }>(
    "select total_amount, status from public.orders where id = $1",
    [id],
  );
  const items = await engine.query<{ item_id: string; price: number; item_type: string }>(
    "select item_id, item_type, price from public.order_items where order_id = $1",
    [id],
  );
  const price = (itemId: string) => items.find((i) => i.item_id === itemId)?.price;
  return { id, ...head, price };
}

export async function membershipOf(engine: Engine, userId: string) {
  const [row] = await engine.query<{ plan: string; since: Date; until: Date | null }>(
    "select plan, since, until from public.memberships where user_id = $1",
    [userId],
  );
  return row ?? null;
}

export async function member(engine: Engine, plan: string | null, until: string | null = null) {
  const id = await engine.createUser(uniqueEmail(plan ?? "visitor"));
  if (plan) {
    await engine.query(
      `insert into public.memberships (user_id, plan, since, until) values ($1, $2, now() - interval '2 years', ${until ?? "null"})`,
      [id, plan],
    );
  }
  return id;
}

/** Runs `fn` with the shop's clock (public.shop_now()) at the SQL timestamp `at`, then real time again. */
export async function atShopTime<T>(engine: Engine, at: string, fn: () => Promise<T>): Promise<T> {
  await engine.query(
    `insert into public.shop_clock (id, skew) values (true, (${at}) - now()) on conflict (id) do update set skew = excluded.skew`,
  );
  try {
    return await fn();
  } finally {
    await engine.query("delete from public.shop_clock");
  }
}

export async function complete(engine: Engine, adminId: string, orderId: string, status = "completed") {
  await engine
    .asViewer("authenticated", adminId)
    .query("update public.orders set status = $2 where id = $1", [orderId, status]);
}
