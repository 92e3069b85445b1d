// SQL functions and insert-time checks, on both engines (concurrency cases on PostgreSQL only:
// PGlite has a single session, so it cannot race by construction).
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine, type Role } from "./engines";

// Seed ids (supabase/seed.sql).
const EVENT = "e0000000-0000-4000-8000-000000000001"; // 129.00 / community 99.00
const EVENT_NO_COMMUNITY = "e0000000-0000-4000-8000-000000000002"; // 49.00 / 0.00
const COURSE = "c0000000-0000-4000-8000-000000000001"; // 249.00 / 199.00
const PRODUCT = "b0000000-0000-4000-8000-000000000001"; // 24.90 / 19.90
const PRODUCT_INCLUDED = "b0000000-0000-4000-8000-000000000008"; // 9.90 / 0.00 ("Inklusive")
const SOLD_OUT = "b0000000-0000-4000-8000-000000000004";
const YEARLY = "a0000000-0000-4000-8000-000000000002"; // 99.00

const CUSTOMER = {
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

type Line = { item_id: string; item_type: string; quantity: unknown; price?: number };

function placeOrder(engine: Engine, userId: string | null, token: string, lines: Line[], customer: object = CUSTOMER) {
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

function register(engine: Engine, userId: string | null, orderItemId: string, first = "Lea") {
  return engine
    .asViewer(userId ? "authenticated" : "anon", userId)
    .query<{ id: string }>("select public.register_participant($1, $2, $3, $4, $5, $6) as id", [
      orderItemId,
      first,
      "Becker",
      "lea.becker@example.com",
      "",
      "Vegetarisch",
    ])
    .then((r) => r.rows[0].id);
}

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

describeEngines("register_participant", (engine, engineName) => {
  let owner: string;
  let other: string;
  let eventLine: string;
  let courseLine: string;
  beforeAll(async () => {
    owner = await engine().createUser(uniqueEmail("booker"));
    other = await engine().createUser(uniqueEmail("other"));
    const order = await placeOrder(engine(), owner, randomUUID(), [
      { item_id: EVENT, item_type: "event", quantity: 3 },
      { item_id: COURSE, item_type: "course", quantity: 1 },
    ]);
    const lines = await engine().query<{ id: string; item_type: string }>(
      "select id, item_type from public.order_items where order_id = $1",
      [order],
    );
    eventLine = lines.find((l) => l.item_type === "event")!.id;
    courseLine = lines.find((l) => l.item_type === "course")!.id;
  });

  it("accepts up to `quantity` participants, then answers with the spec's message", async () => {
    for (let i = 0; i < 3; i++) await register(engine(), owner, eventLine, `Teilnehmer${i}`);
    expect(await errorOf(register(engine(), owner, eventLine))).toEqual({
      code: "P0001",
      message: "Maximum number of registrations reached for this order",
    });
    const bookings = await engine()
      .asViewer("authenticated", owner)
      .query("select event_id, last_name, phone, notes from public.event_bookings where order_item_id = $1", [
        eventLine,
      ]);
    expect(bookings.rows).toHaveLength(3);
    expect(bookings.rows[0]).toEqual({ event_id: EVENT, last_name: "Becker", phone: null, notes: "Vegetarisch" });
  });

  it("refuses a participant once the event is over by the shop's clock, in German", async () => {
    const order = await placeOrder(engine(), owner, randomUUID(), [
      { item_id: EVENT, item_type: "event", quantity: 2 },
    ]);
    const [line] = await engine().query<{ id: string }>("select id from public.order_items where order_id = $1", [
      order,
    ]);
    const [event] = await engine().query<{ end: Date }>(
      "select coalesce(ends_at, starts_at) as end from public.events where id = $1",
      [EVENT],
    );
    const clockAt = (at: Date) =>
      engine().query(
        "insert into public.shop_clock (id, skew) values (true, $1::timestamptz - now()) on conflict (id) do update set skew = excluded.skew",
        [at.toISOString()],
      );
    try {
      await clockAt(new Date(event.end.getTime() + 60_000));
      expect(await errorOf(register(engine(), owner, line.id))).toEqual({
        code: "P0001",
        message: "Die Veranstaltung hat bereits stattgefunden: Teilnehmer können nicht mehr angemeldet werden.",
      });
      // A minute before its end the same line still takes one.
      await clockAt(new Date(event.end.getTime() - 60_000));
      expect(await register(engine(), owner, line.id)).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await engine().query("delete from public.shop_clock");
    }
  });

  it("refuses the same person twice on one line in German (names and e-mail, case aside)", async () => {
    const order = await placeOrder(engine(), owner, randomUUID(), [
      { item_id: EVENT, item_type: "event", quantity: 2 },
    ]);
    const [line] = await engine().query<{ id: string }>("select id from public.order_items where order_id = $1", [
      order,
    ]);
    const call = (first: string, last: string, email: string) =>
      engine()
        .asViewer("authenticated", owner)
        .query("select public.register_participant($1, $2, $3, $4, null, null)", [line.id, first, last, email]);
    await call("Tom", "Teil", "tom@example.com");
    expect(await errorOf(call(" tom", "TEIL ", "Tom@Example.com"))).toEqual({
      code: "P0001",
      message: "Diese Person ist für diese Bestellung schon angemeldet.",
    });
    // Another guest with the buyer's address (a child, say) still gets the second seat.
    await call("Tina", "Teil", "tom@example.com");
    expect(
      await engine().query("select count(*)::int as n from public.event_bookings where order_item_id = $1", [line.id]),
    ).toEqual([{ n: 2 }]);
  });

  it("only for the owner's own event lines", async () => {
    expect((await errorOf(register(engine(), other, eventLine))).code).toBe("P0002");
    expect((await errorOf(register(engine(), owner, randomUUID()))).code).toBe("P0002");
    expect((await errorOf(register(engine(), owner, courseLine))).code).toBe("22023");
    expect((await errorOf(register(engine(), null, eventLine))).code).toBe("42501");
  });

  it("validates the participant (e-mail shape, required names)", async () => {
    const fresh = await placeOrder(engine(), owner, randomUUID(), [
      { item_id: EVENT, item_type: "event", quantity: 1 },
    ]);
    const [line] = await engine().query<{ id: string }>("select id from public.order_items where order_id = $1", [
      fresh,
    ]);
    const call = (first: string, email: string) =>
      engine()
        .asViewer("authenticated", owner)
        .query("select public.register_participant($1, $2, 'Becker', $3, null, null)", [line.id, first, email]);
    expect((await errorOf(call("Lea", "keine-mail"))).code).toBe("23514");
    expect((await errorOf(call(" ", "lea@example.com"))).code).toBe("23514");
  });

  if (engineName === "postgres15")
    it("10 parallel registrations for quantity 3 book exactly 3", async () => {
      const e = engine();
      const order = await placeOrder(e, owner, randomUUID(), [{ item_id: EVENT, item_type: "event", quantity: 3 }]);
      const [line] = await e.query<{ id: string }>("select id from public.order_items where order_id = $1", [order]);
      const clients = await Promise.all(Array.from({ length: 10 }, () => e.connectAsViewer!("authenticated", owner)));
      try {
        const results = await Promise.all(
          clients.map((c, i) =>
            c
              .query("select public.register_participant($1, $2, 'Becker', 'p@example.com', null, null)", [
                line.id,
                `P${i}`,
              ])
              .then(() => "ok")
              .catch((error: { message: string }) => error.message),
          ),
        );
        expect(results.filter((r) => r === "ok")).toHaveLength(3);
        expect(results.filter((r) => r === "Maximum number of registrations reached for this order")).toHaveLength(7);
        expect(
          await e.query("select count(*)::int as n from public.event_bookings where order_item_id = $1", [line.id]),
        ).toEqual([{ n: 3 }]);
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    });
});

describeEngines("is_admin, rate_limit_hit, newsletter, contact", (engine) => {
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("admin"));
    user = await engine().createUser(uniqueEmail("user"));
    await engine().makeAdmin(admin);
  });

  describe("is_admin", () => {
    it("answers for the caller only (service_role for anyone), false for NULL, and not callable by anon", async () => {
      const check = (viewer: string | null, target: string | null) =>
        engine()
          .asViewer(viewer ? "authenticated" : "anon", viewer)
          .query<{ v: boolean }>("select public.is_admin($1::uuid) as v", [target])
          .then((r) => r.rows[0].v);
      expect(await check(admin, admin)).toBe(true);
      expect(await check(user, user)).toBe(false);
      // A member cannot learn whether another user id is an admin.
      expect(await check(user, admin)).toBe(false);
      expect(await check(user, null)).toBe(false);
      expect((await errorOf(check(null, admin))).code).toBe("42501");
      const asServer = await engine()
        .asViewer("service_role")
        .query<{ v: boolean }>("select public.is_admin($1::uuid) as v", [admin]);
      expect(asServer.rows[0].v).toBe(true);
    });
  });

  describe("rate_limit_hit", () => {
    it("allows p_max hits per window, then denies with retry_after; service_role only", async () => {
      const key = `test:${randomUUID()}`;
      const hit = () =>
        engine()
          .asViewer("service_role")
          .query<{ allowed: boolean; retry_after_seconds: number }>("select * from public.rate_limit_hit($1, 60, 3)", [
            key,
          ])
          .then((r) => r.rows[0]);
      for (let i = 0; i < 3; i++) expect(await hit()).toEqual({ allowed: true, retry_after_seconds: 0 });
      const denied = await hit();
      expect(denied.allowed).toBe(false);
      expect(denied.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(denied.retry_after_seconds).toBeLessThanOrEqual(60);
      // One row per key and window.
      expect(await engine().query("select hits from public.rate_limits where key = $1", [key])).toEqual([{ hits: 4 }]);

      const asUser = engine().asViewer("authenticated", user).query("select * from public.rate_limit_hit('x', 60, 3)");
      expect((await errorOf(asUser)).code).toBe("42501");
      const asAnon = engine().asViewer("anon").query("select * from public.rate_limit_hit('x', 60, 3)");
      expect((await errorOf(asAnon)).code).toBe("42501");
      const invalid = engine().asViewer("service_role").query("select * from public.rate_limit_hit('x', 0, 3)");
      expect((await errorOf(invalid)).code).toBe("22023");
    });
  });

  describe("newsletter", () => {
    const confirmToken = `confirm-${"c".repeat(40)}`;
    const unsubscribeToken = `unsubscribe-${"u".repeat(40)}`;
    const email = "Leser@Example.com";
    const sha256 = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
    const subscribe = (address: string, confirm = confirmToken, unsubscribe = unsubscribeToken) =>
      engine()
        .asViewer("service_role")
        .query<{ previous_status: string; stored_email: string }>(
          "select * from public.subscribe_newsletter($1, 'Lisa', '', 'Ja, ich möchte den Newsletter erhalten.', $2, $3)",
          [address, confirm, unsubscribe],
        )
        .then((r) => r.rows[0].previous_status);

    it("only the server subscribes (service_role); the database stores hashes it computed itself", async () => {
      expect(await subscribe(email)).toBe("new");
      expect(
        await engine().query(
          "select status, confirmed_at, last_name, confirm_token_hash, unsubscribe_token_hash from public.newsletter_subscriptions where email = $1",
          [email],
        ),
      ).toEqual([
        {
          status: "pending",
          confirmed_at: null,
          last_name: null,
          confirm_token_hash: sha256(confirmToken),
          unsubscribe_token_hash: sha256(unsubscribeToken),
        },
      ]);
      // A second request for the address (any case) says what it was; the table keeps one row.
      const again = `confirm-${"d".repeat(40)}`;
      expect(await subscribe(email.toLowerCase(), again)).toBe("pending");
      // Mails go to the address as it was first stored, whatever case was typed later.
      const stored = await engine()
        .asViewer("service_role")
        .query<{ stored_email: string }>(
          "select stored_email from public.subscribe_newsletter($1, '', '', 'Ja', $2, $2)",
          [email.toUpperCase(), again],
        );
      expect(stored.rows[0].stored_email).toBe(email);
      expect(
        await engine().query("select confirm_token_hash from public.newsletter_subscriptions where lower(email) = $1", [
          email.toLowerCase(),
        ]),
      ).toEqual([{ confirm_token_hash: sha256(again) }]);
      await subscribe(email, confirmToken); // the newest link is the mailed one again
      for (const role of ["anon", "authenticated"] as const) {
        const call = engine()
          .asViewer(role, role === "authenticated" ? user : null)
          .query("select public.subscribe_newsletter('x@example.com', '', '', 'Ja', $1, $1)", ["t".repeat(40)]);
        expect((await errorOf(call)).code, role).toBe("42501");
      }
      expect((await errorOf(subscribe(uniqueEmail(), "short"))).code).toBe("22023");
    });

    it("anon cannot insert a row, so no subscription carries a token hash of the caller's choosing", async () => {
      for (const role of ["anon", "authenticated"] as const) {
        const insert = engine()
          .asViewer(role, role === "authenticated" ? user : null)
          .query(
            "insert into public.newsletter_subscriptions (email, consent_text, confirm_token_hash, unsubscribe_token_hash) values ($1, 'Ja', $2, $3)",
            [uniqueEmail(), sha256("chosen-token-chosen-token"), sha256("chosen-token-2-chosen-token")],
          );
        expect((await errorOf(insert)).code, role).toBe("42501");
      }
    });

    it("confirm and unsubscribe take the mailed token (not its hash), idempotently", async () => {
      const call = (fn: string, token: string) =>
        engine()
          .asViewer("anon")
          .query<{ ok: boolean }>(`select public.${fn}($1) as ok`, [token])
          .then((r) => r.rows[0].ok);
      // The stored hash (what an admin or a leaked table shows) does not confirm anything.
      expect(await call("confirm_newsletter", sha256(confirmToken))).toBe(false);
      expect(await call("confirm_newsletter", "x".repeat(64))).toBe(false);
      expect(await call("confirm_newsletter", "")).toBe(false);
      expect(await call("confirm_newsletter", confirmToken)).toBe(true);
      expect(await call("confirm_newsletter", confirmToken)).toBe(true);
      const [row] = await engine().query<{ status: string; confirmed_at: Date | null }>(
        "select status, confirmed_at from public.newsletter_subscriptions where email = $1",
        [email],
      );
      expect(row.status).toBe("subscribed");
      expect(row.confirmed_at).toBeInstanceOf(Date);
      // A subscribed address stays as it is; the server mails a notice instead of a link.
      expect(await subscribe(email, `confirm-${"e".repeat(40)}`, `unsubscribe-${"e".repeat(40)}`)).toBe("subscribed");
      expect(await call("unsubscribe_newsletter", sha256(unsubscribeToken))).toBe(false);
      expect(await call("unsubscribe_newsletter", unsubscribeToken)).toBe(true);
      expect(await call("unsubscribe_newsletter", "y".repeat(64))).toBe(false);
      // An old confirmation link does not re-subscribe.
      expect(await call("confirm_newsletter", confirmToken)).toBe(false);
      expect(
        await engine().query("select status from public.newsletter_subscriptions where email = $1", [email]),
      ).toEqual([{ status: "unsubscribed" }]);
    });

    it("checks e-mail shape and lengths", async () => {
      const tokens = [`a${"1".repeat(40)}`, `b${"2".repeat(40)}`];
      const call = (address: string, first: string) =>
        engine()
          .asViewer("service_role")
          .query("select public.subscribe_newsletter($1, $2, '', 'Ja', $3, $4)", [address, first, ...tokens]);
      expect((await errorOf(call("kein-at.de", ""))).code).toBe("23514");
      expect((await errorOf(call(`${"a".repeat(250)}@x.de`, ""))).code).toBe("23514");
      expect((await errorOf(call(uniqueEmail(), "x".repeat(101)))).code).toBe("23514");
    });
  });

  describe("contact_messages", () => {
    const send = (values: Record<string, unknown>, viewer: string | null = null) => {
      const columns = Object.keys(values);
      return engine()
        .asViewer(viewer ? "authenticated" : "anon", viewer)
        .query(
          `insert into public.contact_messages (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
          Object.values(values),
        );
    };
    const valid = {
      name: "Jonas Wolf",
      email: "jonas@example.com",
      phone: null,
      message: "Wann startet der nächste Kurs?",
    };

    it("visitors and users send messages that start as 'new'", async () => {
      await send(valid);
      await send({ ...valid, phone: "+49 30 123456" }, user);
      expect(
        await engine().query("select status from public.contact_messages where email = $1", [valid.email]),
      ).toEqual([{ status: "new" }, { status: "new" }]);
    });

    it("forces status and checks e-mail shape, phone and lengths (23514)", async () => {
      expect((await errorOf(send({ ...valid, status: "read" }))).code).toBe("42501");
      expect((await errorOf(send({ ...valid, email: "jonas@localhost" }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, phone: "" }))).code).toBe("23514"); // empty must be NULL
      expect((await errorOf(send({ ...valid, name: "n".repeat(101) }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, name: "  " }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, message: "m".repeat(5001) }))).code).toBe("23514");
      await send({ ...valid, message: "m".repeat(5000) });
    });
  });

  describe("file_withdrawal (supabase/migrations/20261123120000_withdrawals.sql)", () => {
    it("links the order only when order number and e-mail match; anon may file and learns nothing about orders", async () => {
      const id = await placeOrder(engine(), user, randomUUID(), [
        { item_id: PRODUCT, item_type: "product", quantity: 1 },
      ]);
      const file = (reference: string, email: string) =>
        engine()
          .asViewer("anon")
          .query("select * from public.file_withdrawal('Mia Schulz', $1, $2, null)", [email, reference])
          .then((r) => r.rows[0]);
      const matching = await file(id.slice(0, 8).toLowerCase(), CUSTOMER.email.toUpperCase());
      const other = await file(id.slice(0, 8), "someone@example.com");
      // The same receipt either way (no oracle for "do name and e-mail match an order").
      expect(Object.keys(matching).sort()).toEqual(["created_at", "id"]);
      expect(Object.keys(other).sort()).toEqual(["created_at", "id"]);
      // The link is stored for admins.
      const stored = await engine().query<{ order_id: string | null }>(
        "select order_id from public.withdrawals where order_id is not null",
      );
      expect(stored.map((r) => r.order_id)).toEqual([id]);
      const mine = await engine().asViewer("authenticated", user).query("select 1 from public.withdrawals");
      expect(mine.rowCount).toBe(1); // the customer sees the linked one only
    });
  });
});
