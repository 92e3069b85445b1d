// Orders and what follows them: lines, bookings, payments, refunds, invoices, vouchers, withdrawals.
import { type TableCase, X } from "./matrix";

export const ORDERS_TABLES: Record<string, TableCase> = {
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
};
