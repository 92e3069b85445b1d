// place_order on both engines (concurrency cases on PostgreSQL only: PGlite has a single
// session, so it cannot race by construction).
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";
import {
  COURSE,
  CUSTOMER,
  EVENT,
  EVENT_NO_COMMUNITY,
  placeOrder,
  PRODUCT,
  PRODUCT_INCLUDED,
  SOLD_OUT,
  YEARLY,
  type Line,
} from "./orders-fixtures";

async function ordersOf(engine: Engine, userId: string) {
  const [row] = await engine.query<{ orders: number; items: number }>(
    `select count(distinct o.id)::int as orders, count(oi.id)::int as items
     from public.orders o left join public.order_items oi on oi.order_id = o.id where o.user_id = $1`,
    [userId],
  );
  return row;
}

describeEngines("place_order", (engine, engineName) => {
  let buyer: string;
  let stranger: string;
  beforeAll(async () => {
    buyer = await engine().createUser(uniqueEmail("buyer"));
    stranger = await engine().createUser(uniqueEmail("stranger"));
  });

  it("prices every line from the catalogue (no price is trusted; a non-member pays regular prices) and snapshots the customer", async () => {
    const id = await placeOrder(engine(), buyer, randomUUID(), [
      { item_id: EVENT, item_type: "event", quantity: 2, price: 0.01 }, // price is ignored
      { item_id: EVENT_NO_COMMUNITY, item_type: "event", quantity: 1 },
      { item_id: COURSE, item_type: "course", quantity: 1 },
      { item_id: PRODUCT, item_type: "product", quantity: 3 },
      { item_id: PRODUCT_INCLUDED, item_type: "product", quantity: 1 },
    ]);
    const [order] = await engine().query("select * from public.orders where id = $1", [id]);
    expect(order).toMatchObject({
      customer_name: "Mia Schulz",
      customer_email: "mia.schulz@example.com",
      customer_phone: "0171 2345678", // phone empty → mobile
      status: "pending",
      user_id: buyer,
      salutation: "Frau",
      street: "Lindenstraße 5",
      zipcode: "10969",
      city: "Berlin",
      country: "Deutschland",
      notes: null,
      total_amount: 129 * 2 + 49 + 249 + 24.9 * 3 + 9.9,
    });
    const items = await engine().query(
      "select item_id, item_type, item_title, quantity, price from public.order_items where order_id = $1 order by price desc",
      [id],
    );
    expect(items).toEqual([
      { item_id: COURSE, item_type: "course", item_title: "Selbstwert stärken in 8 Wochen", quantity: 1, price: 249 },
      {
        item_id: EVENT,
        item_type: "event",
        item_title: "Glücks-Workshop: Die Kunst der Dankbarkeit",
        quantity: 2,
        price: 129,
      },
      {
        item_id: EVENT_NO_COMMUNITY,
        item_type: "event",
        item_title: "Business-Netzwerkabend München",
        quantity: 1,
        price: 49,
      },
      { item_id: PRODUCT, item_type: "product", item_title: "Dankbarkeitstagebuch", quantity: 3, price: 24.9 },
      {
        item_id: PRODUCT_INCLUDED,
        item_type: "product",
        item_title: "E-Book: 30 Tage Achtsamkeit",
        quantity: 1,
        price: 9.9,
      },
    ]);
    // The buyer reads the order back through RLS.
    const visible = await engine()
      .asViewer("authenticated", buyer)
      .query("select id from public.orders where id = $1", [id]);
    expect(visible.rowCount).toBe(1);
  });

  it("stores a membership product as item_type 'membership'", async () => {
    const id = await placeOrder(engine(), buyer, randomUUID(), [
      { item_id: YEARLY, item_type: "product", quantity: 1 },
    ]);
    const items = await engine().query(
      "select item_type, item_title, price from public.order_items where order_id = $1",
      [id],
    );
    expect(items).toEqual([{ item_type: "membership", item_title: "Yearly Membership", price: 99 }]);
    const [order] = await engine().query<{ total_amount: number; customer_phone: string | null }>(
      "select total_amount, customer_phone from public.orders where id = $1",
      [id],
    );
    expect(order.total_amount).toBe(99);
  });

  it("uses phone before mobile, and NULL when both are empty", async () => {
    const a = await placeOrder(
      engine(),
      buyer,
      randomUUID(),
      [{ item_id: PRODUCT, item_type: "product", quantity: 1 }],
      {
        ...CUSTOMER,
        phone: "030 123456",
      },
    );
    const b = await placeOrder(
      engine(),
      buyer,
      randomUUID(),
      [{ item_id: PRODUCT, item_type: "product", quantity: 1 }],
      {
        ...CUSTOMER,
        mobile: " ",
      },
    );
    const rows = await engine().query<{ id: string; customer_phone: string | null }>(
      "select id, customer_phone from public.orders where id = any($1::uuid[])",
      [[a, b]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.customer_phone]))).toEqual({ [a]: "030 123456", [b]: null });
  });

  it("rejects sold-out and unknown items with a German message and writes nothing", async () => {
    const before = await ordersOf(engine(), buyer);
    const soldOut = await errorOf(
      placeOrder(engine(), buyer, randomUUID(), [
        { item_id: PRODUCT, item_type: "product", quantity: 1 },
        { item_id: SOLD_OUT, item_type: "product", quantity: 1 },
      ]),
    );
    expect(soldOut).toEqual({ code: "P0001", message: "„Meditationskissen Lotus“ ist ausverkauft." });
    const unknown = await errorOf(
      placeOrder(engine(), buyer, randomUUID(), [{ item_id: randomUUID(), item_type: "course", quantity: 1 }]),
    );
    expect(unknown).toEqual({ code: "P0001", message: "Ein Artikel in deinem Warenkorb ist nicht mehr verfügbar." });
    // An event id sent as a product is unknown too.
    expect(
      (
        await errorOf(
          placeOrder(engine(), buyer, randomUUID(), [{ item_id: EVENT, item_type: "product", quantity: 1 }]),
        )
      ).code,
    ).toBe("P0001");
    expect(await ordersOf(engine(), buyer)).toEqual(before);
  });

  it("rejects 0 or 21 lines, quantities 0 / 100 / non-integers, bad types and missing customer fields", async () => {
    const before = await ordersOf(engine(), buyer);
    const line = { item_id: PRODUCT, item_type: "product", quantity: 1 };
    const cases: Array<[Line[], object?]> = [
      [[]],
      [Array.from({ length: 21 }, () => line)],
      [[{ ...line, quantity: 0 }]],
      [[{ ...line, quantity: 100 }]],
      [[{ ...line, quantity: 1.5 }]],
      [[{ ...line, quantity: -1 }]],
      [[{ ...line, item_type: "membership" }]],
      [[{ ...line, item_id: "not-a-uuid" }]],
      [[line], { ...CUSTOMER, city: " " }],
      [[line], { ...CUSTOMER, first_name: "" }],
    ];
    for (const [lines, customer] of cases) {
      const error = await errorOf(placeOrder(engine(), buyer, randomUUID(), lines, customer));
      expect(error.code, JSON.stringify(lines).slice(0, 80)).toBe("22023");
    }
    // 20 lines are fine.
    await placeOrder(
      engine(),
      buyer,
      randomUUID(),
      Array.from({ length: 20 }, () => line),
    );
    // A malformed e-mail fails the table check.
    expect(
      (await errorOf(placeOrder(engine(), buyer, randomUUID(), [line], { ...CUSTOMER, email: "kein-at" }))).code,
    ).toBe("23514");
    const after = await ordersOf(engine(), buyer);
    expect(after).toEqual({ orders: before.orders + 1, items: before.items + 20 });
  });

  it("is idempotent per checkout token, and a token cannot be reused by another user", async () => {
    const token = randomUUID();
    const lines = [{ item_id: COURSE, item_type: "course", quantity: 1 }];
    const first = await placeOrder(engine(), buyer, token, lines);
    const again = await placeOrder(engine(), buyer, token, [{ item_id: PRODUCT, item_type: "product", quantity: 5 }]);
    expect(again).toBe(first);
    expect(
      await engine().query("select count(*)::int as n from public.order_items where order_id = $1", [first]),
    ).toEqual([{ n: 1 }]);
    expect((await errorOf(placeOrder(engine(), stranger, token, lines))).code).toBe("42501");
  });

  it("cannot be called by anon", async () => {
    const error = await errorOf(
      placeOrder(engine(), null, randomUUID(), [{ item_id: PRODUCT, item_type: "product", quantity: 1 }]),
    );
    expect(error.code).toBe("42501");
  });

  it("keeps orders when the account is deleted (user_id becomes NULL)", async () => {
    const leaving = await engine().createUser(uniqueEmail("leaving"));
    const id = await placeOrder(engine(), leaving, randomUUID(), [
      { item_id: PRODUCT, item_type: "product", quantity: 1 },
    ]);
    await engine().query("delete from auth.users where id = $1", [leaving]);
    expect(await engine().query("select user_id from public.orders where id = $1", [id])).toEqual([{ user_id: null }]);
  });

  // PGlite has a single session: there is nothing to race, so this case exists on PostgreSQL only.
  if (engineName === "postgres15")
    it("50 parallel checkouts on separate connections give 50 complete orders", async () => {
      const e = engine();
      const users = await Promise.all(Array.from({ length: 5 }, () => e.createUser(uniqueEmail("rush"))));
      const clients = await Promise.all(
        Array.from({ length: 50 }, (_, i) => e.connectAsViewer!("authenticated", users[i % 5])),
      );
      try {
        const ids = await Promise.all(
          clients.map((c, i) =>
            c
              .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
                randomUUID(),
                JSON.stringify(CUSTOMER),
                JSON.stringify([
                  { item_id: EVENT, item_type: "event", quantity: 1 + (i % 3) },
                  { item_id: PRODUCT, item_type: "product", quantity: 1 },
                ]),
              ])
              .then((r) => r.rows[0].id),
          ),
        );
        expect(new Set(ids).size).toBe(50);
        const rows = await e.query<{ items: number; total_ok: boolean }>(
          `select count(oi.id)::int as items, bool_and(o.total_amount = (select sum(x.price * x.quantity) from public.order_items x where x.order_id = o.id)) as total_ok
         from public.orders o join public.order_items oi on oi.order_id = o.id where o.id = any($1::uuid[]) group by o.id`,
          [ids],
        );
        expect(rows).toHaveLength(50);
        expect(rows.every((r) => r.items === 2 && r.total_ok)).toBe(true);

        // The same token from 10 connections at once: one order, every call gets its id.
        const token = randomUUID();
        const same = await Promise.all(
          clients.slice(0, 10).map((c) =>
            c
              .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
                token,
                JSON.stringify(CUSTOMER),
                JSON.stringify([{ item_id: COURSE, item_type: "course", quantity: 1 }]),
              ])
              .then((r) => r.rows[0]?.id)
              .catch((error: { code?: string }) => `error ${error.code}`),
          ),
        );
        // Connections of other users get 42501; all of the owner's calls return the single order.
        const [order] = await e.query<{ id: string; user_id: string }>(
          "select id, user_id from public.orders where checkout_token = $1",
          [token],
        );
        same.forEach((result, i) => expect(result).toBe(users[i % 5] === order.user_id ? order.id : "error 42501"));
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    });
});
