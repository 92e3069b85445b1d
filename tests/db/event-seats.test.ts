// Seats of events and courses (issue 27), on both engines: place_order holds them in the order's
// transaction and never sells more than there are; cancelling gives them back; the admin cannot set
// fewer than are booked; an event that has begun cannot be booked; the end comes after the start.
// The race runs 50 separate connections on PostgreSQL and the same 50 calls one after another on
// PGlite (a single session: it cannot race, but the counting must come out the same).
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine, type Querier } from "./engines";

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

const ORDER = "select public.place_order($1, $2::jsonb, $3::jsonb) as id";
const orderArgs = (eventId: string, quantity = 1) => [
  randomUUID(),
  JSON.stringify(CUSTOMER),
  JSON.stringify([{ item_id: eventId, item_type: "event", quantity }]),
];

/** A new event as superuser: `capacity` seats, starting in `startsInDays` days on the shop's clock. */
async function newEvent(engine: Engine, capacity: number | null, startsInDays = 30) {
  const [row] = await engine.query<{ id: string }>(
    `insert into public.events (title, category, image_url, date, time, location, price, "behappy-price", capacity, starts_at, ends_at)
     values ($1, 'Workshop', '/images/catalog/netzwerkabend.svg', '01.01.2030', '10:00 Uhr', 'Berlin', 50, 40, $2,
             public.shop_now() + make_interval(days => $3), public.shop_now() + make_interval(days => $3, hours => 2))
     returning id`,
    [`Seminar ${randomUUID().slice(0, 8)}`, capacity, startsInDays],
  );
  return row.id;
}

const booked = async (engine: Engine, eventId: string) =>
  (await engine.query<{ booked: number }>("select booked from public.seat_counts where item_id = $1", [eventId]))[0]
    ?.booked ?? 0;

describeEngines("event seats", (engine, engineName) => {
  let buyers: string[];
  beforeAll(async () => {
    buyers = await Promise.all(Array.from({ length: 5 }, () => engine().createUser(uniqueEmail("seat"))));
  });

  it("50 checkouts for the last 5 seats: exactly 5 orders, 45 German refusals, never oversold", async () => {
    const e = engine();
    const eventId = await newEvent(e, 8);
    // 3 of 8 seats are gone already.
    await e.asViewer("authenticated", buyers[0]).query(ORDER, orderArgs(eventId, 3));

    const attempt = (q: Pick<Querier, "query">) =>
      q
        .query<{ id: string }>(ORDER, orderArgs(eventId))
        .then((r) => ({ ok: r.rows[0].id }))
        .catch((error: { message: string }) => ({ error: error.message }));
    let results: ({ ok: string } | { error: string })[];
    if (engineName === "postgres15") {
      const clients = await Promise.all(
        Array.from({ length: 50 }, (_, i) => e.connectAsViewer!("authenticated", buyers[i % 5])),
      );
      try {
        results = await Promise.all(clients.map(attempt));
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    } else {
      results = [];
      for (let i = 0; i < 50; i++) results.push(await attempt(e.asViewer("authenticated", buyers[i % 5])));
    }

    expect(results.filter((r) => "ok" in r)).toHaveLength(5);
    const errors = results.flatMap((r) => ("error" in r ? [r.error] : []));
    expect(errors).toHaveLength(45);
    expect(new Set(errors)).toEqual(new Set([expect.stringMatching(/^„Seminar \w+“ ist ausgebucht\.$/)]));
    expect(await booked(e, eventId)).toBe(8);
    const [{ seats }] = await e.query<{ seats: number }>(
      `select coalesce(sum(i.quantity), 0)::int as seats from public.order_items i join public.orders o on o.id = i.order_id
        where i.item_id = $1 and o.status <> 'cancelled'`,
      [eventId],
    );
    expect(seats).toBe(8);
  });

  it("says how many seats are left, and a refused order writes nothing", async () => {
    const e = engine();
    const eventId = await newEvent(e, 4);
    await e.asViewer("authenticated", buyers[1]).query(ORDER, orderArgs(eventId, 2));
    const before = await e.query<{ n: number }>("select count(*)::int as n from public.orders");
    const tooMany = await errorOf(e.asViewer("authenticated", buyers[1]).query(ORDER, orderArgs(eventId, 3)));
    expect(tooMany.message).toMatch(/^Für „Seminar \w+“ sind nur noch 2 Plätze frei\.$/);
    await e.asViewer("authenticated", buyers[1]).query(ORDER, orderArgs(eventId, 1));
    const one = await errorOf(e.asViewer("authenticated", buyers[1]).query(ORDER, orderArgs(eventId, 2)));
    expect(one.message).toMatch(/^Für „Seminar \w+“ ist nur noch 1 Platz frei\.$/);
    expect(await e.query<{ n: number }>("select count(*)::int as n from public.orders")).toEqual([
      { n: before[0].n + 1 },
    ]);
  });

  it("a pending order holds its seats; cancelling gives them back; reopening takes them again or is refused", async () => {
    const e = engine();
    const eventId = await newEvent(e, 2);
    const first = (await e.asViewer("authenticated", buyers[2]).query<{ id: string }>(ORDER, orderArgs(eventId, 2)))
      .rows[0].id;
    expect(
      (await e.query<{ status: string }>("select status from public.orders where id = $1", [first]))[0].status,
    ).toBe("pending");
    expect(await booked(e, eventId)).toBe(2);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [first]);
    expect(await booked(e, eventId)).toBe(0);

    const second = (await e.asViewer("authenticated", buyers[3]).query<{ id: string }>(ORDER, orderArgs(eventId, 1)))
      .rows[0].id;
    expect(await booked(e, eventId)).toBe(1);
    // Reopening the cancelled order would need 2 of the 1 seat left.
    const reopen = await errorOf(e.query("update public.orders set status = 'pending' where id = $1", [first]));
    expect(reopen.message).toMatch(/nur noch 1 Platz frei/);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [second]);
    await e.query("update public.orders set status = 'completed' where id = $1", [first]);
    expect(await booked(e, eventId)).toBe(2);
  });

  it("the capacity cannot go below the seats booked; unlimited events count but never refuse", async () => {
    const e = engine();
    const eventId = await newEvent(e, 10);
    await e.asViewer("authenticated", buyers[4]).query(ORDER, orderArgs(eventId, 6));
    const lower = await errorOf(e.query("update public.events set capacity = 5 where id = $1", [eventId]));
    expect(lower.message).toBe("Es sind bereits 6 Plätze gebucht. Die Zahl der Plätze kann nicht kleiner sein.");
    await e.query("update public.events set capacity = 6 where id = $1", [eventId]);
    expect(await errorOf(e.asViewer("authenticated", buyers[4]).query(ORDER, orderArgs(eventId)))).toMatchObject({
      message: expect.stringMatching(/ist ausgebucht\.$/),
    });
    await e.query("update public.events set capacity = null where id = $1", [eventId]);
    await e.asViewer("authenticated", buyers[4]).query(ORDER, orderArgs(eventId, 50));
    expect(await booked(e, eventId)).toBe(56);
  });

  it("an event that has begun cannot be booked; the end must come after the start", async () => {
    const e = engine();
    const eventId = await newEvent(e, null, -1);
    const past = await errorOf(e.asViewer("authenticated", buyers[0]).query(ORDER, orderArgs(eventId)));
    expect(past.message).toMatch(/^„Seminar \w+“ hat bereits begonnen und kann nicht mehr gebucht werden\.$/);
    const backwards = await errorOf(
      e.query("update public.events set ends_at = starts_at - interval '1 hour' where id = $1", [eventId]),
    );
    expect(backwards.code).toBe("23514");
  });

  it("the pages turn at an event's start and again at its end: a catalogue-clock job for each, moved with them", async () => {
    const e = engine();
    const eventId = await newEvent(e, null, 3);
    const clockJobs = () =>
      e.query<{ end: boolean; due: boolean }>(
        `select key like '%:end:%' as end, run_at = (select case when key like '%:end:%' then ends_at else starts_at end
                                                   from public.events where id = $1) as due
           from public.jobs where kind = 'catalogue-clock' and key like 'catalogue-clock:' || $1 || ':%'
          order by run_at`,
        [eventId],
      );
    expect(await clockJobs()).toEqual([
      { end: false, due: true },
      { end: true, due: true },
    ]);
    // Only the end moves (a course runs a week longer): its new end gets a job of its own.
    await e.query("update public.events set ends_at = ends_at + interval '7 days' where id = $1", [eventId]);
    const jobs = await clockJobs();
    expect(jobs).toHaveLength(3);
    expect(jobs.at(-1)).toEqual({ end: true, due: true });
  });

  it("everyone reads the seat counts; nobody but the database writes them", async () => {
    const e = engine();
    const eventId = await newEvent(e, 3);
    await e.asViewer("authenticated", buyers[0]).query(ORDER, orderArgs(eventId, 1));
    const anon = await e
      .asViewer("anon")
      .query<{ booked: number }>("select booked from public.seat_counts where item_id = $1", [eventId]);
    expect(anon.rows).toEqual([{ booked: 1 }]);
    for (const role of ["anon", "authenticated"] as const) {
      const write = await errorOf(
        e.asViewer(role, role === "anon" ? null : buyers[0]).query("update public.seat_counts set booked = 0"),
      );
      expect(write.code).toBe("42501");
    }
  });
});
