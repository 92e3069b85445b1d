// The shop's clock stamps the shop's records: with public.shop_now() moved (as the end-to-end hook
// moves it), an order, its payment, invoice, withdrawal, refund and membership carry
// the shop's time, not the machine's; so deadlines counted from them (payment reminders, refund
// due dates) and the export's month agree with the clock every decision reads.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, uniqueEmail, type Engine } from "./engines";

const BOOK = "b0000000-0000-4000-8000-000000000001";
const YEARLY = "a0000000-0000-4000-8000-000000000002";

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

/** One product of each id, ordered by `userId` at the shop's (possibly moved) time. */
async function order(engine: Engine, userId: string, productIds: string[]) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify(productIds.map((item_id) => ({ item_id, item_type: "product", quantity: 1 }))),
    ]);
  return rows[0].id;
}

/** The stamps of one order's records, each as whole days after the machine's now(). */
async function stampsOf(engine: Engine, orderId: string) {
  const days = (column: string, table: string, key = "order_id") =>
    `(select round(extract(epoch from max(${column}) - now()) / 86400)::int from public.${table} where ${key} = $1)`;
  const [row] = await engine.query<Record<string, number | null>>(
    `select ${days("created_at", "orders", "id")} as "order",
            ${days("created_at", "order_payments")} as payment,
            ${days("issued_at", "invoices")} as invoice,
            ${days("created_at", "withdrawals")} as withdrawal,
            ${days("created_at", "refunds")} as refund,
            ${days("since", "memberships")} as "membership since",
            ${days("updated_at", "memberships")} as "membership updated"`,
    [orderId],
  );
  return row;
}

describeEngines("records on the shop's clock", (engine) => {
  let buyer: string;
  let admin: string;
  beforeAll(async () => {
    buyer = await engine().createUser(uniqueEmail("clock"));
    admin = await engine().createUser(uniqueEmail("clock-admin"));
    await engine().makeAdmin(admin);
  });

  it("an order placed, paid, invoiced, withdrawn and refunded 400 days ahead is dated 400 days ahead", async () => {
    const e = engine();
    await e.query("insert into public.shop_clock (id, skew) values (true, interval '400 days')");
    try {
      const id = await order(e, buyer, [BOOK, YEARLY]);
      await e.query(
        `insert into public.order_payments (order_id, kind, amount, booked_on)
         select id, 'payment', total_amount, (public.shop_now() at time zone 'Europe/Berlin')::date
           from public.orders where id = $1`,
        [id],
      );
      await e
        .asViewer("authenticated", admin)
        .query("update public.orders set status = 'completed' where id = $1", [id]);
      await e
        .asViewer("anon")
        .query("select * from public.file_withdrawal('Mia Schulz', $1, $2, null)", [CUSTOMER.email, id.slice(0, 8)]);
      await e
        .asViewer("authenticated", admin)
        .query("update public.orders set status = 'cancelled' where id = $1", [id]);

      expect(await stampsOf(e, id)).toEqual({
        order: 400,
        payment: 400,
        invoice: 400, // the Storno's, the last one issued
        withdrawal: 400,
        refund: 400,
        "membership since": 400,
        "membership updated": 400, // cancelled: the membership ended that day
      });
    } finally {
      await e.query("delete from public.shop_clock");
    }
  });

  it("a membership started by a completed order begins on the shop's day", async () => {
    const e = engine();
    const member = await e.createUser(uniqueEmail("clock-member"));
    await e.query("insert into public.shop_clock (id, skew) values (true, interval '-30 days')");
    try {
      const id = await order(e, member, [YEARLY]);
      await e
        .asViewer("authenticated", admin)
        .query("update public.orders set status = 'completed' where id = $1", [id]);
      expect(await stampsOf(e, id)).toMatchObject({
        order: -30,
        invoice: -30,
        "membership since": -30,
        "membership updated": -30,
      });
    } finally {
      await e.query("delete from public.shop_clock");
    }
  });

  it("has_ended: an item is over at its end, or at its start when it has none, on the shop's clock", async () => {
    const e = engine();
    const ended = async (startsAt: string | null, endsAt: string | null) => {
      const { rows } = await e
        .asViewer("anon")
        .query<{ over: boolean }>("select public.has_ended($1::timestamptz, $2::timestamptz) as over", [
          startsAt,
          endsAt,
        ]);
      return rows[0].over;
    };
    const EIGHT_WEEKS = ["2026-11-01T10:00:00Z", "2026-12-27T12:00:00Z"] as const;
    await e.query("insert into public.shop_clock (id, skew) values (true, timestamptz '2026-12-01T12:00:00Z' - now())");
    try {
      expect(await ended(...EIGHT_WEEKS)).toBe(false); // running: begun, not ended
      expect(await ended(EIGHT_WEEKS[0], null)).toBe(true); // no end: over once begun
      expect(await ended("2026-12-24T18:00:00Z", null)).toBe(false);
      expect(await ended(null, null)).toBe(false); // no date: never over
      await e.query("update public.shop_clock set skew = timestamptz '2026-12-27T12:00:00Z' - now()");
      expect(await ended(...EIGHT_WEEKS)).toBe(true); // at its end
    } finally {
      await e.query("delete from public.shop_clock");
    }
  });
});
