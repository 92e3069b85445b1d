// What the DB tests of orders share: the seed's catalogue ids, a customer, and place_order as a viewer.
import type { Engine, Role } from "./engines";

// Seed ids (supabase/seed.sql).
export const EVENT = "e0000000-0000-4000-8000-000000000001"; // 129.00 / community 99.00
export const EVENT_NO_COMMUNITY = "e0000000-0000-4000-8000-000000000002"; // 49.00 / 0.00
export const COURSE = "c0000000-0000-4000-8000-000000000001"; // 249.00 / 199.00
export const PRODUCT = "b0000000-0000-4000-8000-000000000001"; // 24.90 / 19.90
export const PRODUCT_INCLUDED = "b0000000-0000-4000-8000-000000000008"; // 9.90 / 0.00 ("Inklusive")
export const SOLD_OUT = "b0000000-0000-4000-8000-000000000004";
export const YEARLY = "a0000000-0000-4000-8000-000000000002"; // 99.00

export const CUSTOMER = {
  salutation: "Frau",
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  phone: "",
  mobile: "0171 2345678",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
  notes: "",
};

export type Line = { item_id: string; item_type: string; quantity: unknown; price?: number };

export function placeOrder(
  engine: Engine,
  userId: string | null,
  token: string,
  lines: Line[],
  customer: object = CUSTOMER,
) {
  const role: Role = userId ? "authenticated" : "anon";
  return engine
    .asViewer(role, userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      token,
      JSON.stringify(customer),
      JSON.stringify(lines),
    ])
    .then((r) => r.rows[0].id);
}
