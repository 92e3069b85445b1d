// What the DB tests of members' self-service share: a customer, an order with a registered
// participant, personal rows under an address, and a confirmed address.
import { randomUUID } from "node:crypto";
import type { Engine } from "./engines";
import { EVENT, PRODUCT } from "./orders-fixtures";

const CUSTOMER = {
  salutation: "Herr",
  first_name: "Jonas",
  last_name: "Krüger",
  email: "jonas@example.com",
  phone: "030 1234567",
  mobile: "",
  street: "Hauptstraße 1",
  zipcode: "10115",
  city: "Berlin",
  country: "Deutschland",
  notes: "Bitte klingeln",
};

/** The parts of export_my_data()'s JSON document these tests read. */
export interface MemberExport {
  account: Record<string, unknown>;
  profile: Record<string, unknown>;
  orders: ({ id: string; items: { item_type: string; participants: unknown[] }[] } & Record<string, unknown>)[];
  newsletter: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  membership: Record<string, unknown> | null;
  waitlist: Record<string, unknown>[];
  cancellations: Record<string, unknown>[];
  withdrawals: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  membership_history: Record<string, unknown>[];
  mails: Record<string, unknown>[];
  voucher_redemptions: Record<string, unknown>[];
}

export async function orderWithEvent(engine: Engine, userId: string) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify([
        { item_id: EVENT, item_type: "event", quantity: 2 },
        { item_id: PRODUCT, item_type: "product", quantity: 1 },
      ]),
    ]);
  const orderId = rows[0].id;
  const [item] = await engine.query<{ id: string }>(
    "select id from public.order_items where order_id = $1 and item_type = 'event'",
    [orderId],
  );
  await engine
    .asViewer("authenticated", userId)
    .query("select public.register_participant($1, 'Lea', 'Becker', 'lea@example.com', '', '')", [item.id]);
  return { orderId, orderItemId: item.id };
}

export async function seedPersonalData(engine: Engine, email: string) {
  await engine.query(
    `insert into public.newsletter_subscriptions (email, status, consent_text) values ($1, 'subscribed', 'Ja, bitte.')`,
    [email.toUpperCase()],
  );
  await engine.query(`insert into public.contact_messages (name, email, message) values ('Jonas', $1, 'Hallo!')`, [
    email,
  ]);
}

/** The address was proven through the mailed link (auth.users.email_confirmed_at, as on Supabase). */
export async function confirmEmail(engine: Engine, userId: string) {
  await engine.query("update auth.users set email_confirmed_at = now() where id = $1", [userId]);
}
