// The rows every case of the RLS matrix reads, updates or deletes, and who each viewer is.
import type { Engine, Role } from "../engines";
import type { Ids, Viewer } from "./matrix";

export async function fixtures(engine: Engine): Promise<Ids> {
  const owner = await engine.createUser("matrix-owner@example.com");
  const other = await engine.createUser("matrix-other@example.com");
  const admin = await engine.createUser("matrix-admin@example.com");
  await engine.makeAdmin(admin);
  const one = async (sql: string, params: unknown[] = []) => (await engine.query<{ id: string }>(sql, params))[0].id;
  const event = await one("select id from public.events order by created_at desc limit 1");
  const course = await one("select id from public.courses order by created_at desc limit 1");
  const product = await one("select id from public.products order by created_at desc limit 1");
  const newsletter = await one(
    "insert into public.newsletter_subscriptions (email, consent_text) values ('fixture@example.com', 'Ja') returning id",
  );
  const contact = await one(
    "insert into public.contact_messages (name, email, message) values ('Fix', 'fix@example.com', 'Hallo') returning id",
  );
  const order = await one(
    "insert into public.orders (customer_name, customer_email, total_amount, user_id) values ('O W', 'owner@example.com', 10, $1) returning id",
    [owner],
  );
  const orderItem = await one(
    "insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price) values ($1, $2, 'event', 'E', 2, 5) returning id",
    [order, event],
  );
  const booking = await one(
    "insert into public.event_bookings (event_id, first_name, last_name, email, order_item_id) values ($1, 'Pia', 'Klein', 'pia@example.com', $2) returning id",
    [event, orderItem],
  );
  await engine.query("insert into public.rate_limits (key, window_start, hits) values ('matrix:key', now(), 1)");
  await engine.query(
    "insert into public.membership_plans (plan, name, rank, grants_community_price) values ('matrix', 'Matrix', 99, false)",
  );
  await engine.query(
    "insert into public.memberships (user_id, plan, until) values ($1, 'yearly', now() + interval '1 year')",
    [owner],
  );
  await engine.query("insert into public.shop_clock (id, skew) values (true, interval '0')");
  await engine.query(
    "insert into public.jobs (kind, key, run_at) values ('matrix', 'matrix-job', now() + interval '1 year')",
  );
  const outbox = await one(
    "insert into public.mail_outbox (to_address, subject, text_body) values ('owner@example.com', 'Hallo', 'Text') returning id",
  );
  const withdrawal = await one(
    "insert into public.withdrawals (order_id, order_reference, name, email) values ($1::uuid, upper(left($1::uuid::text, 8)), 'O W', 'owner@example.com') returning id",
    [order],
  );
  const waitlistEntry = await one(
    "insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text, user_id) values ($1, 'event', 'O W', 'owner@example.com', 1, 'Ja', $2) returning id",
    [event, owner],
  );
  // A payment keeps its order (on delete restrict): it belongs to an order of its own, so the
  // orders case can still delete the fixture order.
  const paidOrder = await one(
    "insert into public.orders (customer_name, customer_email, total_amount, user_id) values ('O W', 'owner@example.com', 10, $1) returning id",
    [owner],
  );
  const payment = await one(
    "insert into public.order_payments (order_id, kind, amount, booked_on, recorded_by) values ($1, 'payment', 5, current_date, $2) returning id",
    [paidOrder, admin],
  );
  const refund = await one(
    "insert into public.refunds (order_id, reason, amount, due_on) values ($1, 'cancellation', 5, current_date) returning id",
    [paidOrder],
  );
  const voucher = await one(
    "insert into public.vouchers (code, kind, amount) values ('MATRIX', 'fixed', 5) returning id",
  );
  // Its own code: a used code cannot be deleted, and the vouchers row above must stay deletable.
  const usedVoucher = await one(
    "insert into public.vouchers (code, kind, amount) values ('MATRIXALT', 'fixed', 5) returning id",
  );
  const redemption = await one(
    "insert into public.voucher_redemptions (voucher_id, order_id, user_id, email) values ($1, $2, $3, 'owner@example.com') returning id",
    [usedVoucher, paidOrder, owner],
  );
  const cancellation = await one(
    "insert into public.contract_cancellations (kind, name, email, confirmation_email, user_id) values ('ordentlich', 'O W', 'owner@example.com', 'owner@example.com', $1) returning id",
    [owner],
  );
  await engine.query("insert into public.invoice_counters (year, last_number) values (2099, 1)");
  await engine.query(
    "insert into public.order_delivery_addresses (order_id, name, street, zipcode, city, country) values ($1, 'Oma', 'Weg 1', '01067', 'Dresden', 'Deutschland')",
    [order],
  );
  // Its own order: an invoiced order cannot be deleted, and the orders row above must stay deletable.
  const invoicedOrder = await one(
    "insert into public.orders (customer_name, customer_email, total_amount, user_id) values ('O W', 'owner@example.com', 10, $1) returning id",
    [owner],
  );
  const invoice = await one(
    "insert into public.invoices (number, kind, order_id, supply_date, total_amount) values ('RE-2099-000001', 'invoice', $1, current_date, 10) returning id",
    [invoicedOrder],
  );
  const correctionLine = await one(
    "insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity) values ($1, null, 1) returning id",
    [invoice],
  );
  const newsletterIssue = await one("insert into public.newsletters (subject) values ('Matrix') returning id");
  await engine.query(
    "insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash) values ($1, $2, repeat('a', 64))",
    [newsletterIssue, newsletter],
  );
  return {
    correctionLine,
    newsletterIssue,
    cancellation,
    waitlistEntry,
    payment,
    refund,
    voucher,
    redemption,
    invoice,
    owner,
    other,
    admin,
    event,
    course,
    product,
    newsletter,
    contact,
    order,
    orderItem,
    booking,
    outbox,
    withdrawal,
  };
}

export function viewerOf(viewer: Viewer, ids: Ids): [Role, string | null] {
  switch (viewer) {
    case "anon":
      return ["anon", null];
    case "service":
      return ["service_role", null];
    default:
      return ["authenticated", ids[viewer]];
  }
}
