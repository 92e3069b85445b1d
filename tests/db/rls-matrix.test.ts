// RLS + grants matrix: every table in public × viewer × statement, with the exact outcome.
//   ok    the statement affected / saw the fixture row
//   none  it ran but RLS hid the row (0 rows seen or affected)
//   42501 it was refused (no grant, or an INSERT/UPDATE row failed a policy's WITH CHECK)
// Each case runs in its own transaction that is rolled back, so cases are independent.
// A table missing here fails the "covers every table" test.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, type Engine, type Role } from "./engines";

type Outcome = "ok" | "none" | "42501";
type Viewer = "anon" | "other" | "owner" | "admin" | "service";
type Op = "select" | "insert" | "update" | "delete";
const VIEWERS: Viewer[] = ["anon", "other", "owner", "admin", "service"];
const OPS: Op[] = ["select", "insert", "update", "delete"];

interface Ids {
  correctionLine: string;
  owner: string;
  other: string;
  admin: string;
  event: string;
  course: string;
  product: string;
  newsletter: string;
  contact: string;
  order: string;
  orderItem: string;
  booking: string;
  outbox: string;
  withdrawal: string;
  invoice: string;
  cancellation: string;
  waitlistEntry: string;
  payment: string;
  refund: string;
  newsletterIssue: string;
  voucher: string;
  redemption: string;
}

interface TableCase {
  /** WHERE clause selecting the fixture row ($1 = key). */
  where: string;
  key: (ids: Ids) => string;
  insert: (ids: Ids) => [string, unknown[]];
  /** A no-op-ish SET list that touches an updatable column. */
  set: string;
  /** Superuser statements run first inside the case's transaction. */
  insertSetup?: (ids: Ids) => string[];
  /** Expected outcome per viewer, in OPS order (select insert update delete). */
  expect: Record<Viewer, [Outcome, Outcome, Outcome, Outcome]>;
}

const X = "42501" as const;
// Everyone reads, only admins (and service_role) write.
const catalogue: TableCase["expect"] = {
  anon: ["ok", X, X, X],
  other: ["ok", X, "none", "none"],
  owner: ["ok", X, "none", "none"], // "owner" is just another signed-in user here
  admin: ["ok", "ok", "ok", "ok"],
  service: ["ok", "ok", "ok", "ok"],
};
// Visitors write, admins read and manage.
const inbox: TableCase["expect"] = {
  anon: [X, "ok", X, X],
  other: ["none", "ok", "none", "none"],
  owner: ["none", "ok", "none", "none"],
  admin: ["ok", "ok", "ok", "ok"],
  service: ["ok", "ok", "ok", "ok"],
};

const TABLES: Record<string, TableCase> = {
  admin_audit_log: {
    // Written only by the audit trigger (the seed's insert of the fixture event left a row); admins read.
    where: "table_name = 'events' and row_id = $1",
    key: (i) => i.event,
    insert: () => [
      "insert into public.admin_audit_log (table_name, row_id, action) values ('events', gen_random_uuid(), 'insert')",
      [],
    ],
    set: "after = after",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  events: {
    where: "id = $1",
    key: (i) => i.event,
    insert: () => [
      "insert into public.events (title, category, image_url, date, time, location) values ('T', 'C', '/x.svg', '1.1.2027', '10 Uhr', 'Berlin')",
      [],
    ],
    set: "title = title",
    expect: catalogue,
  },
  courses: {
    where: "id = $1",
    key: (i) => i.course,
    insert: () => ["insert into public.courses (title, category, image_url) values ('T', 'C', '/x.svg')", []],
    set: "title = title",
    expect: catalogue,
  },
  products: {
    where: "id = $1",
    key: (i) => i.product,
    insert: () => ["insert into public.products (title, category, image_url) values ('T', 'C', '/x.svg')", []],
    set: "availability = availability",
    expect: catalogue,
  },
  catalog_version: {
    // One row, bumped only by the catalogue triggers (security definer); everyone reads it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.catalog_version"],
    insert: () => ["insert into public.catalog_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  seat_counts: {
    // Seats booked per event or course, written only by the booking triggers (security definer);
    // everyone reads them ("Noch 3 Plätze"). The fixture order's event line created the row.
    where: "item_id = $1::uuid",
    key: (ids) => ids.event,
    insertSetup: () => ["delete from public.seat_counts"],
    insert: (ids) => ["insert into public.seat_counts (item_id, item_type) values ($1::uuid, 'event')", [ids.event]],
    set: "booked = booked",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  viewer_version: {
    // One row, bumped only by the triggers on sessions, accounts, memberships and roles (security
    // definer); everyone reads it, so a member's own write can note the version it produced.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.viewer_version"],
    insert: () => ["insert into public.viewer_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  member_data_version: {
    // One row, bumped only by the triggers on what a member's dashboard shows (security definer);
    // everyone reads it, like viewer_version.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.member_data_version"],
    insert: () => ["insert into public.member_data_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletter_subscriptions: {
    where: "id = $1",
    key: (i) => i.newsletter,
    insert: () => [
      "insert into public.newsletter_subscriptions (email, consent_text) values ('matrix@example.com', 'Ja, ich will den Newsletter.')",
      [],
    ],
    set: "status = status",
    // Only the server subscribes (public.subscribe_newsletter, service_role): no API role inserts,
    // so no row carries a token hash of a caller's choosing.
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["none", X, "none", "none"],
      admin: ["ok", X, "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  contact_messages: {
    where: "id = $1",
    key: (i) => i.contact,
    insert: () => [
      "insert into public.contact_messages (name, email, message) values ('Max', 'max@example.com', 'Hallo!')",
      [],
    ],
    set: "status = 'read'",
    expect: inbox,
  },
  orders: {
    where: "id = $1",
    key: (i) => i.order,
    insert: (i) => [
      "insert into public.orders (customer_name, customer_email, total_amount, user_id) values ('A B', 'a@example.com', 0, $1)",
      [i.owner],
    ],
    set: "status = 'completed'",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", X],
      owner: ["ok", X, "none", X],
      admin: ["ok", X, "ok", X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  order_items: {
    where: "id = $1",
    key: (i) => i.orderItem,
    insert: (i) => [
      "insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price) values ($1, $2, 'event', 'T', 1, 0)",
      [i.order, i.event],
    ],
    set: "quantity = quantity",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  event_bookings: {
    where: "id = $1",
    key: (i) => i.booking,
    insert: (i) => [
      "insert into public.event_bookings (event_id, first_name, last_name, email, order_item_id) values ($1, 'A', 'B', 'a@example.com', $2)",
      [i.event, i.orderItem],
    ],
    set: "first_name = first_name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["ok", X, "none", "none"],
      admin: ["ok", X, "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  profiles: {
    where: "id = $1",
    key: (i) => i.owner,
    // The owner creates their own profile when it is missing (spec §4): remove it first.
    insertSetup: (i) => [`delete from public.profiles where id = '${i.owner}'`],
    insert: (i) => [
      "insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', null)",
      [i.owner],
    ],
    set: "first_name = first_name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["ok", "ok", "ok", "none"],
      admin: ["ok", X, "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  user_roles: {
    // The fixture row is the admin's own role.
    where: "user_id = $1",
    key: (i) => i.admin,
    insert: (i) => ["insert into public.user_roles (user_id, role) values ($1, 'admin')", [i.other]],
    set: "role = role",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  rate_limits: {
    where: "key = $1",
    key: () => "matrix:key",
    insert: () => ["insert into public.rate_limits (key, window_start, hits) values ('matrix:new', now(), 1)", []],
    set: "hits = hits",
    expect: {
      anon: [X, X, X, X],
      other: [X, X, X, X],
      owner: [X, X, X, X],
      admin: [X, X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  shop_clock: {
    // The shop's clock offset: no secret, everyone reads it; only the server's test hook sets it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.shop_clock"],
    insert: () => ["insert into public.shop_clock (id, skew) values (true, interval '0')", []],
    set: "skew = skew",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  jobs: {
    // Scheduled jobs: admins read them (/admin/jobs); "Jetzt ausführen" goes through run_job_now.
    where: "key = $1",
    key: () => "matrix-job",
    insertSetup: () => ["delete from public.jobs where key = 'matrix-job'"],
    insert: () => ["insert into public.jobs (kind, key, run_at) values ('matrix', 'matrix-job', now())", []],
    set: "last_error = null",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  mail_outbox: {
    where: "id = $1",
    key: (i) => i.outbox,
    insert: () => [
      "insert into public.mail_outbox (to_address, subject, text_body) values ('a@example.com', 'Betreff', 'Text')",
      [],
    ],
    set: "sent_at = now()",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  memberships: {
    // Written only by SQL functions (place_order, order completion, admin_set_membership); the member
    // reads their own, admins read all.
    where: "user_id = $1",
    key: (i) => i.owner,
    insert: (i) => ["insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [i.other]],
    set: "until = until",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  invoices: {
    // Issued only by the status trigger; the order's owner and admins read them, nobody writes.
    where: "id = $1",
    key: (i) => i.invoice,
    insert: (i) => [
      "insert into public.invoices (number, kind, order_id, supply_date, total_amount) values ('RE-2099-000002', 'invoice', $1, current_date, 10)",
      [i.order],
    ],
    set: "total_amount = total_amount",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  invoice_correction_lines: {
    // Written by refund_order_lines() only; read with their invoice (its buyer and admins).
    where: "id = $1",
    key: (i) => i.correctionLine,
    insert: (i) => [
      "insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity) values ($1, null, 1)",
      [i.invoice],
    ],
    set: "quantity = quantity",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  membership_plans: {
    // Fixed facts (rank, term, community prices) everyone reads; only migrations change them.
    where: "plan = $1",
    key: () => "matrix",
    insert: () => [
      "insert into public.membership_plans (plan, name, rank, grants_community_price) values ('matrix2', 'Matrix 2', 98, false)",
      [],
    ],
    set: "name = name",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  order_delivery_addresses: {
    // Written by the owner in the checkout transaction (pending order only); owner and admins read.
    where: "order_id = $1",
    key: (i) => i.order,
    insertSetup: (i) => [`delete from public.order_delivery_addresses where order_id = '${i.order}'`],
    insert: (i) => [
      "insert into public.order_delivery_addresses (order_id, name, street, zipcode, city, country) values ($1, 'Oma', 'Weg 1', '01067', 'Dresden', 'Deutschland')",
      [i.order],
    ],
    set: "name = name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", "ok", X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  order_payments: {
    // Money events: admins record them (as themselves) and read them; the buyer reads their own;
    // nobody edits or deletes one.
    where: "id = $1",
    key: (i) => i.payment,
    insert: (i) => [
      "insert into public.order_payments (order_id, kind, amount, booked_on, recorded_by) values ($1, 'payment', 10, current_date, $2)",
      [i.order, i.admin],
    ],
    set: "note = note",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", "ok", X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  refunds: {
    // Opened by the cancellation trigger only; admins settle them and enter accounts; the buyer
    // reads the refund of their own order.
    where: "id = $1",
    key: (i) => i.refund,
    insert: (i) => [
      "insert into public.refunds (order_id, reason, amount, due_on) values ($1, 'cancellation', 5, current_date)",
      [i.order],
    ],
    set: "account_holder = account_holder",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", X],
      owner: ["ok", X, "none", X],
      admin: ["ok", X, "ok", X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletters: {
    // Admins write drafts; a sent one is read-only (the fixture is a draft).
    where: "id = $1",
    key: (i) => i.newsletterIssue,
    insert: () => ["insert into public.newsletters (subject) values ('Neu')", []],
    set: "subject = subject",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["none", X, "none", "none"],
      admin: ["ok", "ok", "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletter_deliveries: {
    // Written by the server's queue job only; admins read the counts.
    where: "newsletter_id = $1",
    key: (i) => i.newsletterIssue,
    insertSetup: () => ["insert into public.newsletters (subject) values ('Matrix zwei')"],
    insert: (i) => [
      "insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash) select n.id, $1, repeat('c', 64) from public.newsletters n where n.subject = 'Matrix zwei'",
      [i.newsletter],
    ],
    set: "unsubscribed_at = unsubscribed_at",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletter_consents: {
    // Written by the trigger on newsletter_subscriptions only; admins read the proof of consent.
    where: "subscription_id = $1",
    key: (i) => i.newsletter,
    insert: (i) => [
      "insert into public.newsletter_consents (subscription_id, event, email) values ($1, 'confirmed', 'matrix@example.com')",
      [i.newsletter],
    ],
    set: "event = event",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  vouchers: {
    // Codes are the admins' alone; members and visitors learn about a code only through
    // voucher_preview and place_order, which answer for the code typed.
    where: "id = $1",
    key: (i) => i.voucher,
    insert: () => ["insert into public.vouchers (code, kind, amount) values ('MATRIXNEU', 'percent', 10)", []],
    set: "active = active",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", X],
      owner: ["none", X, "none", X],
      admin: ["ok", "ok", "ok", X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  voucher_redemptions: {
    // Written by place_order only; admins read them (the uses in the list), the buyer does not.
    where: "id = $1",
    key: (i) => i.redemption,
    insert: (i) => [
      "insert into public.voucher_redemptions (voucher_id, order_id, email) values ($1, $2, 'owner@example.com')",
      [i.voucher, i.order],
    ],
    set: "email = email",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  invoice_counters: {
    // The gapless series' counters: only the SECURITY DEFINER numbering function touches them.
    where: "year = $1::int",
    key: () => "2099",
    insert: () => ["insert into public.invoice_counters (year, last_number) values (2098, 0)", []],
    set: "last_number = last_number",
    expect: {
      anon: [X, X, X, X],
      other: [X, X, X, X],
      owner: [X, X, X, X],
      admin: [X, X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  shop_settings: {
    // The server's configuration (seller, VAT mode, shipping fee), written by the server at start and
    // read by SECURITY DEFINER SQL (place_order, the invoice trigger); no API role sees it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.shop_settings"],
    insert: () => [
      "insert into public.shop_settings (seller, vat_mode, shipping_fee) values ('{}'::jsonb, 'regular', 0)",
      [],
    ],
    set: "shipping_fee = shipping_fee",
    expect: {
      anon: [X, X, X, X],
      other: [X, X, X, X],
      owner: [X, X, X, X],
      admin: [X, X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  contract_cancellations: {
    // Filed through public.file_contract_cancellation only; the member reads the ones applied to them.
    where: "id = $1",
    key: (i) => i.cancellation,
    insert: () => [
      "insert into public.contract_cancellations (kind, name, email, confirmation_email) values ('ordentlich', 'A B', 'a@example.com', 'a@example.com')",
      [],
    ],
    set: "matched_at = matched_at",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", X],
      owner: ["ok", X, "none", X],
      admin: ["ok", X, "ok", X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  waitlist_entries: {
    // Joined, left and booked through the server (service role) after it checked the form or the
    // mailed token; admins read and remove entries, a member reads their own (data export).
    where: "id = $1",
    key: (i) => i.waitlistEntry,
    insert: (i) => [
      "insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text) values ($1::uuid, 'event', 'A B', 'neu@example.com', 1, 'Ja')",
      [i.event],
    ],
    set: "name = name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, "none"],
      owner: ["ok", X, X, "none"],
      admin: ["ok", X, X, "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  withdrawals: {
    // Filed through public.file_withdrawal only; the customer sees withdrawals linked to their orders.
    where: "id = $1",
    key: (i) => i.withdrawal,
    insert: () => [
      "insert into public.withdrawals (order_reference, name, email) values ('ABCDEF12', 'A B', 'a@example.com')",
      [],
    ],
    set: "note = note",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
};

async function fixtures(engine: Engine): Promise<Ids> {
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

function viewerOf(viewer: Viewer, ids: Ids): [Role, string | null] {
  switch (viewer) {
    case "anon":
      return ["anon", null];
    case "service":
      return ["service_role", null];
    default:
      return ["authenticated", ids[viewer]];
  }
}

async function outcome(engine: Engine, ids: Ids, table: string, viewer: Viewer, op: Op): Promise<Outcome | string> {
  const t = TABLES[table];
  const [role, userId] = viewerOf(viewer, ids);
  let sql: string;
  let params: unknown[];
  let setup: string[] = [];
  switch (op) {
    case "select":
      sql = `select 1 from public.${table} where ${t.where}`;
      params = [t.key(ids)];
      break;
    case "insert":
      [sql, params] = t.insert(ids);
      setup = t.insertSetup?.(ids) ?? [];
      break;
    case "update":
      sql = `update public.${table} set ${t.set} where ${t.where}`;
      params = [t.key(ids)];
      break;
    case "delete":
      sql = `delete from public.${table} where ${t.where}`;
      params = [t.key(ids)];
      break;
  }
  try {
    const result = await engine.asViewer(role, userId).tx((q) => q.query(sql, params), { rollback: true, setup });
    return result.rowCount > 0 ? "ok" : "none";
  } catch (error) {
    const e = error as { code?: string; message?: string };
    // Anything but 42501 (e.g. a constraint error) is reported verbatim so the diff shows it.
    return e.code === "42501" ? "42501" : `${e.code}: ${e.message}`;
  }
}

describeEngines("RLS matrix", (engine) => {
  let ids: Ids;
  beforeAll(async () => {
    ids = await fixtures(engine());
  });

  it("covers every table in schema public", async () => {
    const rows = await engine().query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(Object.keys(TABLES).sort());
  });

  for (const table of Object.keys(TABLES)) {
    it(`${table}: select / insert / update / delete per viewer`, async () => {
      const actual: Record<string, (Outcome | string)[]> = {};
      for (const viewer of VIEWERS) {
        actual[viewer] = [];
        for (const op of OPS) actual[viewer].push(await outcome(engine(), ids, table, viewer, op));
      }
      expect(actual).toEqual(TABLES[table].expect);
    });
  }
});

describeEngines("mail_outbox writes beyond the matrix", (engine) => {
  it("an admin reads a mail's delivery state, never its text, HTML or attachments (a reset link is a key)", async () => {
    const e = engine();
    const admin = await e.createUser("outbox-reader-admin@example.com");
    await e.makeAdmin(admin);
    const [reset] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, html_body, status, carries_secret)
       values ('kunde@example.com', 'Passwort zurücksetzen', 'https://shop.example/auth/reset?token=geheim',
               '<a href="https://shop.example/auth/reset?token=geheim">', 'queued', true)
       returning id`,
    );
    const asAdmin = (sql: string) => e.asViewer("authenticated", admin).query(sql, [reset.id]);
    for (const column of ["text_body", "html_body", "attachments", "*"]) {
      expect((await errorOf(asAdmin(`select ${column} from public.mail_outbox where id = $1`))).code, column).toBe(
        "42501",
      );
    }
    const { rows } = await asAdmin(
      "select to_address, subject, status, attempts, last_error, carries_secret, bulk from public.mail_outbox where id = $1",
    );
    expect(rows).toEqual([
      {
        to_address: "kunde@example.com",
        subject: "Passwort zurücksetzen",
        status: "queued",
        attempts: 0,
        last_error: null,
        carries_secret: true,
        bulk: false,
      },
    ]);
  });

  it("only an admin may make an undelivered mail due again (retry_mail); attempts stay counted", async () => {
    const e = engine();
    const member = await e.createUser("outbox-member@example.com");
    const admin = await e.createUser("outbox-admin@example.com");
    await e.makeAdmin(admin);
    const [failed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, attempts, next_attempt_at, last_error)
       values ('kunde@example.com', 'Bestellung', 'Text', 'failed', 31, now() - interval '1 day', '550 unbekannt')
       returning id`,
    );
    const [sent] = await e.query<{ id: string }>(
      "insert into public.mail_outbox (to_address, subject, text_body, status) values ('kunde@example.com', 'Alt', 'Text', 'sent') returning id",
    );
    const retry = (role: Role, userId: string | null, id: string) =>
      e.asViewer(role, userId).query<{ ok: boolean }>("select public.retry_mail($1::uuid) as ok", [id]);

    expect((await errorOf(retry("anon", null, failed.id))).code).toBe("42501");
    expect((await errorOf(retry("authenticated", member, failed.id))).code).toBe("42501");
    expect((await retry("authenticated", admin, sent.id)).rows[0].ok).toBe(false);
    expect((await retry("authenticated", admin, failed.id)).rows[0].ok).toBe(true);
    const [row] = await e.query<{ status: string; attempts: number; due: boolean }>(
      "select status, attempts, next_attempt_at <= now() as due from public.mail_outbox where id = $1",
      [failed.id],
    );
    expect(row).toEqual({ status: "queued", attempts: 31, due: true });
    // A mail a worker is sending right now keeps its claim: a second claim would send it twice.
    const [claimed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, locked_until)
       values ('kunde@example.com', 'Unterwegs', 'Text', 'queued', now() + interval '1 minute') returning id`,
    );
    expect((await retry("authenticated", admin, claimed.id)).rows[0].ok).toBe(false);
    const [lapsed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, locked_until)
       values ('kunde@example.com', 'Hängt', 'Text', 'queued', now() - interval '1 minute') returning id`,
    );
    expect((await retry("authenticated", admin, lapsed.id)).rows[0].ok).toBe(true);
  });
});
