// The waitlist of a sold-out event (issue 27), on both engines: seats freed by a cancelled order or
// a raised capacity are offered to the first in line in the same transaction and held for them
// (nobody else can book them); the person offered books them with their own confirmed account; an offer that ends
// unused (48 hours on the shop's clock, or left) passes to the next; visitors cannot read the list.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const ORDER = "select public.place_order($1, $2::jsonb, $3::jsonb) as id";
const order = (eventId: string, email: string, quantity = 1) => [
  randomUUID(),
  JSON.stringify({
    first_name: "Mia",
    last_name: "Schulz",
    email,
    street: "Lindenstraße 5",
    zipcode: "10969",
    city: "Berlin",
    country: "Deutschland",
  }),
  JSON.stringify([{ item_id: eventId, item_type: "event", quantity }]),
];

async function newEvent(engine: Engine, capacity: number) {
  const [row] = await engine.query<{ id: string }>(
    `insert into public.events (title, category, image_url, date, time, location, price, capacity, starts_at, ends_at)
     values ($1, 'Workshop', '/images/catalog/netzwerkabend.svg', '01.01.2030', '10:00 Uhr', 'Berlin', 50, $2,
             public.shop_now() + interval '30 days', public.shop_now() + interval '30 days 2 hours')
     returning id`,
    [`Kreis ${randomUUID().slice(0, 8)}`, capacity],
  );
  return row.id;
}

async function join(engine: Engine, eventId: string, email: string, seats = 1) {
  await engine.query(
    `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text)
     values ($1, 'event', 'Wartende Person', $2, $3, 'Einwilligung')`,
    [eventId, email, seats],
  );
}

const entries = (engine: Engine, eventId: string) =>
  engine.query<{ email: string; status: string }>(
    "select email, status from public.waitlist_entries where item_id = $1 order by created_at, queued",
    [eventId],
  );
const counts = async (engine: Engine, eventId: string) =>
  (
    await engine.query<{ booked: number; offered: number }>(
      "select booked, offered from public.seat_counts where item_id = $1",
      [eventId],
    )
  )[0];

describeEngines("waitlist", (engine) => {
  let buyer: string;
  beforeAll(async () => {
    buyer = await engine().createUser(uniqueEmail("wait"));
  });

  /** A sold-out event of 2 seats (two orders of one), two people waiting; returns the first order. */
  async function soldOut(e: Engine) {
    const eventId = await newEvent(e, 2);
    const asBuyer = e.asViewer("authenticated", buyer);
    const first = (await asBuyer.query<{ id: string }>(ORDER, order(eventId, "erste@example.com"))).rows[0].id;
    await asBuyer.query(ORDER, order(eventId, "zweite@example.com"));
    await join(e, eventId, "anna@example.com");
    await join(e, eventId, "ben@example.com");
    return { eventId, first, asBuyer };
  }

  it("a cancelled order's seat is held for the first in line; nobody else can book it; she can", async () => {
    const e = engine();
    const { eventId, first, asBuyer } = await soldOut(e);
    expect((await entries(e, eventId)).map((w) => w.status)).toEqual(["waiting", "waiting"]);

    await e.query("update public.orders set status = 'cancelled' where id = $1", [first]);
    expect(await entries(e, eventId)).toEqual([
      { email: "anna@example.com", status: "offered" },
      { email: "ben@example.com", status: "waiting" },
    ]);
    expect(await counts(e, eventId)).toEqual({ booked: 1, offered: 1 });
    const jobs = await e.query<{ kind: string }>(
      "select kind from public.jobs where key like 'waitlist-%' and payload->>'entry_id' in (select id::text from public.waitlist_entries where item_id = $1) order by kind",
      [eventId],
    );
    expect(jobs.map((j) => j.kind)).toEqual(["waitlist-expiry", "waitlist-offer"]);

    const refused = await errorOf(asBuyer.query(ORDER, order(eventId, "jemand@example.com")));
    expect(refused.message).toMatch(/^„Kreis \w+“ ist ausgebucht\.$/);

    // Only an account with her address, once it is proven, books the seats held for her: not one
    // someone opened under her address without confirming it, nor one that types it at checkout.
    const typed = await errorOf(asBuyer.query(ORDER, order(eventId, "Anna@Example.com")));
    expect(typed.message).toMatch(/^„Kreis \w+“ ist ausgebucht\.$/);
    const anna = await e.createUser("anna@example.com");
    const asAnna = e.asViewer("authenticated", anna);
    const unconfirmed = await errorOf(asAnna.query(ORDER, order(eventId, "anna@example.com")));
    expect(unconfirmed.message).toMatch(
      /^Die Plätze für „Kreis \w+“, die wir für deine E-Mail-Adresse halten, kannst du buchen, sobald du die Adresse bestätigt hast: Bitte klicke auf den Link in unserer Bestätigungs-E-Mail und bestelle dann noch einmal\.$/,
    );
    expect(await counts(e, eventId)).toEqual({ booked: 1, offered: 1 });
    await e.query("update auth.users set email_confirmed_at = now() where id = $1", [anna]);
    await asAnna.query(ORDER, order(eventId, "anna@example.com"));
    expect(await counts(e, eventId)).toEqual({ booked: 2, offered: 0 });
    expect((await entries(e, eventId)).map((w) => w.status)).toEqual(["booked", "waiting"]);
  });

  it("a cancelled order reopened does not take the seats held for its typed address's offer", async () => {
    const e = engine();
    const eventId = await newEvent(e, 1);
    // Through the API place_order takes any customer e-mail; the buyer's account is not Carla's.
    const typed = (
      await e.asViewer("authenticated", buyer).query<{ id: string }>(ORDER, order(eventId, "carla@example.com"))
    ).rows[0].id;
    await join(e, eventId, "carla@example.com");
    await e.query("update public.orders set status = 'cancelled' where id = $1", [typed]);
    expect(await entries(e, eventId)).toEqual([{ email: "carla@example.com", status: "offered" }]);
    const reopened = await errorOf(e.query("update public.orders set status = 'pending' where id = $1", [typed]));
    expect(reopened.message).toMatch(/ist ausgebucht\.$/);
    expect(await entries(e, eventId)).toEqual([{ email: "carla@example.com", status: "offered" }]);
    expect(await counts(e, eventId)).toEqual({ booked: 0, offered: 1 });
  });

  it("two joins in the same millisecond: the one inserted first is first in line, whatever their ids", async () => {
    const e = engine();
    const eventId = await newEvent(e, 1);
    const asBuyer = e.asViewer("authenticated", buyer);
    const sold = (await asBuyer.query<{ id: string }>(ORDER, order(eventId, "erste@example.com"))).rows[0].id;
    // The same created_at (PGlite's clock counts in milliseconds); the later one gets the lower id.
    const [low, high] = [randomUUID(), randomUUID()].sort();
    for (const [id, email] of [
      [high, "zuerst@example.com"],
      [low, "danach@example.com"],
    ]) {
      await e.query(
        `insert into public.waitlist_entries (id, item_id, item_type, name, email, seats, consent_text, created_at)
         values ($1, $2, 'event', 'Wartende Person', $3, 1, 'Einwilligung', date_trunc('second', now()))`,
        [id, eventId, email],
      );
    }
    await e.query("update public.orders set status = 'cancelled' where id = $1", [sold]);
    const rows = await e.query<{ email: string; status: string }>(
      "select email, status from public.waitlist_entries where item_id = $1 order by queued",
      [eventId],
    );
    expect(rows).toEqual([
      { email: "zuerst@example.com", status: "offered" },
      { email: "danach@example.com", status: "waiting" },
    ]);
  });

  it("an offer that ends unused (expired or left) passes to the next in line; so do raised seats", async () => {
    const e = engine();
    const { eventId, first } = await soldOut(e);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [first]);
    // The expiry job's statement (waitlistExpiry in app/server/catalog/waitlist.server.ts), run on
    // the shop's clock: after 47 hours Anna's offer holds, after 49 it ends and Ben is asked.
    const expireAt = async (hours: number) => {
      await e.query(
        `insert into public.shop_clock (id, skew) values (true, make_interval(hours => $1))
         on conflict (id) do update set skew = excluded.skew`,
        [hours],
      );
      try {
        await e.query(
          `update public.waitlist_entries set status = 'expired'
            where item_id = $1 and status = 'offered' and offer_expires_at <= public.shop_now()`,
          [eventId],
        );
      } finally {
        await e.query("delete from public.shop_clock");
      }
    };
    await expireAt(47);
    expect((await entries(e, eventId)).map((w) => w.status)).toEqual(["offered", "waiting"]);
    await expireAt(49);
    expect((await entries(e, eventId)).map((w) => w.status)).toEqual(["expired", "offered"]);
    expect(await counts(e, eventId)).toEqual({ booked: 1, offered: 1 });

    // Ben leaves: nobody is waiting any more, the seat is free for anyone.
    await e.query(
      `update public.waitlist_entries set status = 'left' where item_id = $1 and email = 'ben@example.com'`,
      [eventId],
    );
    expect(await counts(e, eventId)).toEqual({ booked: 1, offered: 0 });

    // Two more join (a couple for 2 seats, then Clara for 1): the seat left fits only Clara.
    await join(e, eventId, "paar@example.com", 2);
    await join(e, eventId, "clara@example.com", 1);
    expect((await entries(e, eventId)).slice(2).map((w) => w.status)).toEqual(["waiting", "offered"]);
    await e.query("update public.events set capacity = 3 where id = $1", [eventId]);
    expect((await entries(e, eventId)).slice(2).map((w) => w.status)).toEqual(["waiting", "offered"]);
    // A fourth seat: now the couple's two fit.
    await e.query("update public.events set capacity = 4 where id = $1", [eventId]);
    expect((await entries(e, eventId)).slice(2).map((w) => w.status)).toEqual(["offered", "offered"]);
    expect(await counts(e, eventId)).toEqual({ booked: 1, offered: 3 });
  });

  it("the capacity cannot go below the seats booked and held for offers", async () => {
    const e = engine();
    const { eventId, first } = await soldOut(e);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [first]);
    const error = await errorOf(e.query("update public.events set capacity = 1 where id = $1", [eventId]));
    expect(error.message).toBe(
      "Es sind bereits 1 Plätze gebucht und 1 für die Warteliste reserviert. Die Zahl der Plätze kann nicht kleiner sein.",
    );
  });

  it("only admins read and remove entries; a member reads their own; visitors nothing", async () => {
    const e = engine();
    const eventId = await newEvent(e, 1);
    const member = await e.createUser(uniqueEmail("waiter"));
    await e.query(
      `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text, user_id)
       values ($1, 'event', 'Mitglied', 'mitglied@example.com', 1, 'Einwilligung', $2)`,
      [eventId, member],
    );
    await join(e, eventId, "fremd@example.com");
    const read = (role: "anon" | "authenticated", id?: string) =>
      e
        .asViewer(role, id)
        .query<{ email: string }>("select email from public.waitlist_entries where item_id = $1", [eventId]);
    expect((await errorOf(read("anon"))).message).toMatch(/permission denied/);
    expect((await read("authenticated", buyer)).rows).toEqual([]);
    expect((await read("authenticated", member)).rows).toEqual([{ email: "mitglied@example.com" }]);
    const insert = await errorOf(
      e
        .asViewer("authenticated", member)
        .query(
          `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text) values ($1, 'event', 'x', 'x@example.com', 1, 'x')`,
          [eventId],
        ),
    );
    expect(insert.message).toMatch(/permission denied/);
    const deleted = await e
      .asViewer("authenticated", member)
      .query("delete from public.waitlist_entries where item_id = $1", [eventId]);
    expect(deleted.rowCount ?? 0).toBe(0);
  });
});
