// register_participant on both engines (concurrency cases on PostgreSQL only: PGlite has a single
// session, so it cannot race by construction).
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";
import { COURSE, EVENT, placeOrder } from "./orders-fixtures";

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

/** A paid order of two seats of EVENT with Lea and Tom registered: the order, its line and Lea's booking. */
async function paidLineOfLeaAndTom(engine: Engine, owner: string) {
  const order = await placeOrder(engine, owner, randomUUID(), [{ item_id: EVENT, item_type: "event", quantity: 2 }]);
  const [line] = await engine.query<{ id: string; title: string }>(
    "select id, item_title as title from public.order_items where order_id = $1",
    [order],
  );
  const lea = await register(engine, owner, line.id, "Lea");
  await register(engine, owner, line.id, "Tom");
  await engine.query(
    "insert into public.order_payments (order_id, kind, amount, booked_on) select id, 'payment', total_amount, current_date from public.orders where id = $1",
    [order],
  );
  await engine.query("update public.orders set status = 'completed' where id = $1", [order]);
  return { order, line, lea };
}

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

  it("a partial refund of seats leaves no more participants than seats: the admin removes who goes first", async () => {
    const e = engine();
    const admin = await e.createUser(uniqueEmail("seat-refund-admin"));
    await e.makeAdmin(admin);
    const { order, line, lea } = await paidLineOfLeaAndTom(e, owner);
    const booked = () =>
      e
        .query<{ n: number }>("select booked as n from public.seat_counts where item_id = $1", [EVENT])
        .then((r) => r[0].n);
    const before = await booked();
    const refundOne = () =>
      e
        .asViewer("authenticated", admin)
        .query("select public.refund_order_lines($1, $2::jsonb)", [
          order,
          JSON.stringify([{ order_item_id: line.id, quantity: 1 }]),
        ]);
    // Both still registered: refused in German, and nothing is written.
    expect(await errorOf(refundOne())).toEqual({
      code: "P0001",
      message: `Für „${line.title}“ wären mehr Teilnehmer angemeldet (2) als Plätze übrig (1): Wähle, wer nicht mehr teilnimmt.`,
    });
    expect(await e.query("select 1 from public.invoices where order_id = $1 and kind = 'correction'", [order])).toEqual(
      [],
    );
    expect(await booked()).toBe(before);
    // The admin removes Lea, and in the same transaction the seat goes back.
    await e.asViewer("authenticated", admin).tx(async (q) => {
      await q.query("delete from public.event_bookings where id = $1", [lea]);
      await q.query("select public.refund_order_lines($1, $2::jsonb)", [
        order,
        JSON.stringify([{ order_item_id: line.id, quantity: 1 }]),
      ]);
    });
    expect(await booked()).toBe(before - 1);
    expect(
      await e.query<{ first_name: string }>("select first_name from public.event_bookings where order_item_id = $1", [
        line.id,
      ]),
    ).toEqual([{ first_name: "Tom" }]);
    // The seat left is Tom's: nobody else can be registered for it.
    expect((await errorOf(register(e, owner, line.id, "Ada"))).message).toBe(
      "Maximum number of registrations reached for this order",
    );
  });

  it("after the event, a goodwill refund of a seat keeps who took part on record", async () => {
    const e = engine();
    const admin = await e.createUser(uniqueEmail("late-refund-admin"));
    await e.makeAdmin(admin);
    const { order, line } = await paidLineOfLeaAndTom(e, owner);
    const [event] = await e.query<{ end: Date }>(
      "select coalesce(ends_at, starts_at) as end from public.events where id = $1",
      [EVENT],
    );
    await e.query(
      "insert into public.shop_clock (id, skew) values (true, $1::timestamptz - now()) on conflict (id) do update set skew = excluded.skew",
      [new Date(event.end.getTime() + 86_400_000).toISOString()],
    );
    try {
      await e
        .asViewer("authenticated", admin)
        .query("select public.refund_order_lines($1, $2::jsonb)", [
          order,
          JSON.stringify([{ order_item_id: line.id, quantity: 1 }]),
        ]);
      expect(
        await e.query("select count(*)::int as n from public.event_bookings where order_item_id = $1", [line.id]),
      ).toEqual([{ n: 2 }]);
    } finally {
      await e.query("delete from public.shop_clock");
    }
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
