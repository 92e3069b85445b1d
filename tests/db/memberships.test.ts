// Memberships that count, on both engines: who pays which price, when a membership starts,
// extends or is refused, admin changes by hand, and (PostgreSQL) checkouts racing a membership's expiry.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

// Seed ids and prices (supabase/seed.sql).
const COURSE = "c0000000-0000-4000-8000-000000000001"; // 249.00 / community 199.00, starts 01.04.2027
// Self-paced (no start): still bookable when a test moves the shop's clock past 2027.
const SELF_PACED = "c0000000-0000-4000-8000-000000000005"; // 149.00 / community 119.00
const PRODUCT = "b0000000-0000-4000-8000-000000000001"; // 24.90 / 19.90
const INCLUDED = "b0000000-0000-4000-8000-000000000008"; // 9.90 / 0.00 ('Inklusive')
const FREE = "a0000000-0000-4000-8000-000000000001"; // 0.00
const YEARLY = "a0000000-0000-4000-8000-000000000002"; // 99.00
const LIFETIME = "a0000000-0000-4000-8000-000000000003"; // 499.00

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

const line = (item_id: string, item_type = "product", quantity = 1) => ({ item_id, item_type, quantity });
const courseAndProduct = [line(COURSE, "course"), line(PRODUCT, "product", 2)];

async function order(engine: Engine, userId: string, lines: object[]) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify(lines),
    ]);
  const id = rows[0].id;
  const [head] = await engine.query<{ total_amount: number; status: string }>(
    "select total_amount, status from public.orders where id = $1",
    [id],
  );
  const items = await engine.query<{ item_id: string; price: number; item_type: string }>(
    "select item_id, item_type, price from public.order_items where order_id = $1",
    [id],
  );
  const price = (itemId: string) => items.find((i) => i.item_id === itemId)?.price;
  return { id, ...head, price };
}

async function membershipOf(engine: Engine, userId: string) {
  const [row] = await engine.query<{ plan: string; since: Date; until: Date | null }>(
    "select plan, since, until from public.memberships where user_id = $1",
    [userId],
  );
  return row ?? null;
}

async function member(engine: Engine, plan: string | null, until: string | null = null) {
  const id = await engine.createUser(uniqueEmail(plan ?? "visitor"));
  if (plan) {
    await engine.query(
      `insert into public.memberships (user_id, plan, since, until) values ($1, $2, now() - interval '2 years', ${until ?? "null"})`,
      [id, plan],
    );
  }
  return id;
}

/** Runs `fn` with the shop's clock (public.shop_now()) at the SQL timestamp `at`, then real time again. */
async function atShopTime<T>(engine: Engine, at: string, fn: () => Promise<T>): Promise<T> {
  await engine.query(
    `insert into public.shop_clock (id, skew) values (true, (${at}) - now()) on conflict (id) do update set skew = excluded.skew`,
  );
  try {
    return await fn();
  } finally {
    await engine.query("delete from public.shop_clock");
  }
}

async function complete(engine: Engine, adminId: string, orderId: string, status = "completed") {
  await engine
    .asViewer("authenticated", adminId)
    .query("update public.orders set status = $2 where id = $1", [orderId, status]);
}

describeEngines("membership prices", (engine) => {
  it("a visitor and a Free member pay regular prices; Yearly and Lifetime pay community prices", async () => {
    const cases: Array<[string | null, string | null, number, number]> = [
      [null, null, 249, 24.9],
      ["free", null, 249, 24.9],
      ["yearly", "now() + interval '3 months'", 199, 19.9],
      ["yearly", "now() - interval '1 day'", 249, 24.9], // expired
      ["lifetime", null, 199, 19.9],
    ];
    for (const [plan, until, course, product] of cases) {
      const buyer = await member(engine(), plan, until);
      const placed = await order(engine(), buyer, courseAndProduct);
      expect([plan, until, placed.price(COURSE), placed.price(PRODUCT), placed.total_amount]).toEqual([
        plan,
        until,
        course,
        product,
        course + product * 2,
      ]);
    }
  });

  it("'Inklusive' costs a member 0,00 €, and a 0,00 € order is completed at once", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '1 month'");
    const placed = await order(engine(), yearly, [line(INCLUDED)]);
    expect([placed.price(INCLUDED), placed.total_amount, placed.status]).toEqual([0, 0, "completed"]);
    const visitor = await member(engine(), null);
    const paid = await order(engine(), visitor, [line(INCLUDED)]);
    expect([paid.price(INCLUDED), paid.status]).toEqual([9.9, "pending"]);
  });

  it("a membership in the same order counts for that order (Yearly yes, Free no); the plan costs its own price", async () => {
    const visitor = await member(engine(), null);
    const withYearly = await order(engine(), visitor, [line(YEARLY), ...courseAndProduct, line(INCLUDED)]);
    expect([
      withYearly.price(YEARLY),
      withYearly.price(COURSE),
      withYearly.price(PRODUCT),
      withYearly.price(INCLUDED),
    ]).toEqual([99, 199, 19.9, 0]);
    expect(withYearly.total_amount).toBe(99 + 199 + 19.9 * 2);
    const withFree = await order(engine(), await member(engine(), null), [line(FREE), line(COURSE, "course")]);
    expect([withFree.price(FREE), withFree.price(COURSE), withFree.status]).toEqual([0, 249, "pending"]);
    // A Yearly member buying Lifetime pays Lifetime's price, not a community price of 0.
    const upgrade = await order(engine(), await member(engine(), "yearly", "now() + interval '1 month'"), [
      line(LIFETIME),
    ]);
    expect([upgrade.price(LIFETIME), upgrade.status]).toEqual([499, "pending"]);
  });

  it("an existing order never changes price afterwards", async () => {
    const visitor = await member(engine(), null);
    const before = await order(engine(), visitor, courseAndProduct);
    await engine().query("insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [visitor]);
    const after = await engine().query("select total_amount from public.orders where id = $1", [before.id]);
    expect(after).toEqual([{ total_amount: 249 + 24.9 * 2 }]);
  });
});

describeEngines("membership lifecycle", (engine) => {
  let admin: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("admin"));
    await engine().makeAdmin(admin);
  });

  it("starts when its order is completed, once, and the member sees it", async () => {
    const buyer = await member(engine(), null);
    const placed = await order(engine(), buyer, [line(YEARLY), line(COURSE, "course")]);
    expect(placed.status).toBe("pending");
    expect(await membershipOf(engine(), buyer)).toBeNull();
    const pending = await engine().asViewer("authenticated", buyer).query("select public.my_membership() as m");
    expect(pending.rows[0].m).toMatchObject({ plan: null, active: false, pending_plan: "Yearly" });

    await complete(engine(), admin, placed.id);
    const started = await membershipOf(engine(), buyer);
    expect(started?.plan).toBe("yearly");
    const days = (started!.until!.getTime() - started!.since.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    const seen = await engine().asViewer("authenticated", buyer).query("select public.my_membership() as m");
    expect(seen.rows[0].m).toMatchObject({
      plan: "yearly",
      name: "Yearly",
      active: true,
      grants_community_price: true,
      pending_plan: null,
    });
    // Completed → pending (a mistaken "Zahlung eingegangen") ends it; completed again starts it once,
    // never a second year.
    await complete(engine(), admin, placed.id, "pending");
    expect((await membershipOf(engine(), buyer))!.until!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await complete(engine(), admin, placed.id);
    const again = (await membershipOf(engine(), buyer))!.until!.getTime();
    expect(Math.abs(again - started!.until!.getTime())).toBeLessThan(60_000);
    // Now a member: community prices.
    expect((await order(engine(), buyer, courseAndProduct)).price(COURSE)).toBe(199);
  });

  it("cancelling the order that started a membership ends it; one that extended it takes its year back; audited", async () => {
    const e = engine();
    const until = async (userId: string) => (await membershipOf(e, userId))!.until!.getTime();
    const audit = (userId: string) =>
      e.query<{ reason: string; actor_id: string }>(
        "select after ->> 'reason' as reason, actor_id from public.admin_audit_log where table_name = 'memberships' and row_id = $1 order by created_at",
        [userId],
      );

    // Started by the order: cancelled, the membership ends and member prices are gone.
    const buyer = await member(e, null);
    const started = await order(e, buyer, [line(YEARLY)]);
    await complete(e, admin, started.id);
    expect(await until(buyer)).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    await complete(e, admin, started.id, "cancelled");
    expect(await until(buyer)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await order(e, buyer, courseAndProduct)).price(COURSE)).toBe(249);
    expect(await audit(buyer)).toEqual([{ reason: `Bestellung ${started.id.slice(0, 8)} storniert`, actor_id: admin }]);

    // Extended by the order (Yearly until next month, bought again): reverted, the year is taken back.
    const extender = await member(e, "yearly", "now() + interval '20 days'");
    const before = await until(extender);
    const extension = await order(e, extender, [line(YEARLY)]);
    await complete(e, admin, extension.id);
    expect(await until(extender)).toBeGreaterThan(before + 300 * 86_400_000);
    await complete(e, admin, extension.id, "pending");
    expect(await until(extender)).toBe(before);
    expect((await audit(extender)).map((row) => row.reason)).toEqual([
      `Bestellung ${extension.id.slice(0, 8)} wieder offen (Zahlung nicht eingegangen)`,
    ]);

    // A later order of the same plan extended it after this one: this order's year comes off the end.
    const twice = await member(e, null);
    const first = await order(e, twice, [line(YEARLY)]);
    await complete(e, admin, first.id);
    // Renewed in the last month of the first year (the shop's clock 340 days on).
    await atShopTime(e, "now() + interval '340 days'", async () => {
      const second = await order(e, twice, [line(YEARLY)]);
      await complete(e, admin, second.id);
      const twoYears = await until(twice);
      await complete(e, admin, first.id, "cancelled");
      const left = twoYears - (await until(twice));
      expect(left).toBeGreaterThanOrEqual(365 * 86_400_000);
      expect(left).toBeLessThanOrEqual(366 * 86_400_000);
      expect((await order(e, twice, [line(SELF_PACED, "course")])).price(SELF_PACED)).toBe(119);
    });
  });

  it("Free starts at checkout (0,00 €); Yearly on Yearly extends from the current end; Lifetime replaces Yearly", async () => {
    const termOf = async (orderId: string) => {
      const [row] = await engine().query<{ service_starts_at: Date | null; service_ends_at: Date | null }>(
        "select service_starts_at, service_ends_at from public.order_items where order_id = $1 and membership_plan is not null",
        [orderId],
      );
      return {
        service_starts_at: row.service_starts_at?.toISOString() ?? null,
        service_ends_at: row.service_ends_at?.toISOString() ?? null,
      };
    };
    const buyer = await member(engine(), null);
    const free = await order(engine(), buyer, [line(FREE)]);
    expect(free.status).toBe("completed");
    expect((await membershipOf(engine(), buyer))?.plan).toBe("free");

    const yearly = await member(engine(), "yearly", "'2030-06-01T00:00:00Z'");
    await atShopTime(engine(), "'2030-05-20T00:00:00Z'::timestamptz", async () => {
      const extension = await order(engine(), yearly, [line(YEARLY)]);
      // The member pays the plan's price, and community prices on anything else in the order.
      expect(extension.price(YEARLY)).toBe(99);
      await complete(engine(), admin, extension.id);
      expect((await membershipOf(engine(), yearly))?.until?.toISOString()).toBe("2031-06-01T00:00:00.000Z");
      // Its line carries the year it paid for, from the end it extends (the invoice's Leistungszeitraum).
      expect(await termOf(extension.id)).toEqual({
        service_starts_at: "2030-06-01T00:00:00.000Z",
        service_ends_at: "2031-06-01T00:00:00.000Z",
      });

      const lifetime = await order(engine(), yearly, [line(LIFETIME)]);
      await complete(engine(), admin, lifetime.id);
      expect(await membershipOf(engine(), yearly)).toMatchObject({ plan: "lifetime", until: null });
      // Lifetime starts when it is paid and has no end.
      const { since } = (await membershipOf(engine(), yearly))!;
      expect(await termOf(lifetime.id)).toEqual({ service_starts_at: since.toISOString(), service_ends_at: null });
    });
  });

  it("refuses a plan already held or a lower one, in German, and charges nothing", async () => {
    const count = async (userId: string) =>
      (
        await engine().query<{ n: number }>("select count(*)::int as n from public.orders where user_id = $1", [userId])
      )[0].n;
    const cases: Array<[string, string | null, string, string]> = [
      ["lifetime", null, LIFETIME, "Du hast die Lifetime-Mitgliedschaft bereits."],
      ["free", null, FREE, "Du hast die Free-Mitgliedschaft bereits."],
      [
        "lifetime",
        null,
        YEARLY,
        "Du hast bereits die Lifetime-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.",
      ],
      [
        "yearly",
        "now() + interval '1 month'",
        FREE,
        "Du hast bereits die Yearly-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.",
      ],
    ];
    for (const [plan, until, product, message] of cases) {
      const buyer = await member(engine(), plan, until);
      expect(await errorOf(order(engine(), buyer, [line(product), line(COURSE, "course")]))).toEqual({
        code: "P0001",
        message,
      });
      expect(await count(buyer)).toBe(0);
    }
    // An expired Yearly may buy Free again; two memberships or a quantity of 2 never.
    const expired = await member(engine(), "yearly", "now() - interval '1 day'");
    expect((await order(engine(), expired, [line(FREE)])).status).toBe("completed");
    const visitor = await member(engine(), null);
    expect((await errorOf(order(engine(), visitor, [line(FREE), line(YEARLY)]))).code).toBe("22023");
    expect((await errorOf(order(engine(), visitor, [line(YEARLY, "product", 2)]))).message).toBe(
      "Eine Mitgliedschaft kann nur einmal bestellt werden (Menge 1).",
    );
    expect(await count(visitor)).toBe(0);
  });

  it("an unpaid membership order blocks another of the same or a lower plan, naming it; a higher plan passes", async () => {
    const e = engine();
    const buyer = await member(e, null);
    const admin = await e.createUser(uniqueEmail("pending-admin"));
    await e.makeAdmin(admin);
    const place = async (lines: object[], token = randomUUID()) =>
      (
        await e
          .asViewer("authenticated", buyer)
          .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
            token,
            JSON.stringify(CUSTOMER),
            JSON.stringify(lines),
          ])
      ).rows[0].id;
    const blocked = (plan: string, orderId: string) => ({
      code: "P0001",
      message: `Deine Bestellung der ${plan}-Mitgliedschaft (Bestellnummer ${orderId.slice(0, 8)}) wartet noch auf die Zahlung. Eine weitere Mitgliedschaft kannst du bestellen, wenn sie abgeschlossen ist.`,
    });
    const token = randomUUID();
    const yearly = await place([line(YEARLY)], token);
    // The same checkout sent again is the same order, not a second one.
    expect(await place([line(YEARLY)], token)).toBe(yearly);
    for (const plan of [YEARLY, FREE]) {
      expect(await errorOf(place([line(plan), line(COURSE, "course")]))).toEqual(blocked("Yearly", yearly));
    }
    // Anything else may be ordered meanwhile, and a higher plan too; then that one blocks Yearly.
    await place([line(PRODUCT)]);
    const lifetime = await place([line(LIFETIME)]);
    expect(await errorOf(place([line(YEARLY)]))).toEqual(blocked("Lifetime", lifetime));
    const orders = await e.query<{ n: number }>(
      "select count(*)::int as n from public.orders o join public.order_items i on i.order_id = o.id where o.user_id = $1 and i.membership_plan is not null",
      [buyer],
    );
    expect(orders[0].n).toBe(2);
    // Once paid or cancelled, the block is gone: Yearly completed, Lifetime cancelled, and in the
    // year's last month (the shop's clock 340 days on) Yearly may be renewed.
    await complete(e, admin, yearly);
    await complete(e, admin, lifetime, "cancelled");
    await atShopTime(e, "now() + interval '340 days'", async () => {
      expect((await order(e, buyer, [line(YEARLY)])).status).toBe("pending");
    });
  });

  it("renewal opens 30 days before a Yearly plan ends, starts at the end, and lifts a cancellation", async () => {
    const e = engine();
    const yearly = await member(e, "yearly", "'2031-03-01T10:00:00Z'");
    await e.query("update public.memberships set cancelled_at = now() where user_id = $1", [yearly]);
    // Six weeks before the end: not yet, and the answer says from when.
    await atShopTime(e, "'2031-01-18T12:00:00Z'::timestamptz", async () => {
      expect(await errorOf(order(e, yearly, [line(YEARLY)]))).toEqual({
        code: "P0001",
        message: "Du kannst deine Yearly-Mitgliedschaft ab dem 30.01.2031 verlängern.",
      });
      const [{ m }] = await e
        .asViewer("authenticated", yearly)
        .query<{ m: { renewable_from: string; cancelled_at: string | null } }>("select public.my_membership() as m")
        .then((r) => r.rows);
      expect(new Date(m.renewable_from).toISOString()).toBe("2031-01-30T10:00:00.000Z");
      expect(m.cancelled_at).not.toBeNull();
    });
    // Three weeks before: taken; paid, the new year starts at the old end and the cancellation is void.
    await atShopTime(e, "'2031-02-08T12:00:00Z'::timestamptz", async () => {
      const renewal = await order(e, yearly, [line(YEARLY)]);
      await complete(e, admin, renewal.id);
    });
    const [row] = await e.query<{ until: Date; cancelled_at: Date | null }>(
      "select until, cancelled_at from public.memberships where user_id = $1",
      [yearly],
    );
    expect(row.until.toISOString()).toBe("2032-03-01T10:00:00.000Z");
    expect(row.cancelled_at).toBeNull();
  });

  it("the shop's clock decides whether a membership is active (prices follow it)", async () => {
    const e = engine();
    const yearly = await member(e, "yearly", "now() + interval '10 days'");
    expect((await order(e, yearly, courseAndProduct)).price(COURSE)).toBe(199);
    await atShopTime(e, "now() + interval '11 days'", async () => {
      expect((await order(e, yearly, courseAndProduct)).price(COURSE)).toBe(249);
    });
  });

  it("admins grant, extend and end by hand with a reason in the audit trail; nobody else may", async () => {
    const person = await member(engine(), null);
    const set = (actor: string, action: string, plan: string | null, reason: string) =>
      engine()
        .asViewer("authenticated", actor)
        .query("select public.admin_set_membership($1, $2, $3, $4)", [person, action, plan, reason]);
    expect((await errorOf(set(person, "grant", "lifetime", "Ich will"))).code).toBe("42501");
    expect((await errorOf(set(admin, "grant", "yearly", " "))).code).toBe("22023");
    expect((await errorOf(set(admin, "end", null, "Test"))).message).toBe("Es gibt keine aktive Mitgliedschaft.");

    await set(admin, "grant", "yearly", "Gewinnspiel");
    const granted = await membershipOf(engine(), person);
    await set(admin, "extend", null, "Kulanz");
    const extended = await membershipOf(engine(), person);
    expect(extended!.until!.getTime() - granted!.until!.getTime()).toBeGreaterThanOrEqual(365 * 86_400_000);
    await set(admin, "end", null, "Auf Wunsch beendet");
    const ended = await engine().asViewer("authenticated", person).query("select public.my_membership() as m");
    expect(ended.rows[0].m).toMatchObject({ plan: "yearly", active: false, grants_community_price: false });

    const trail = await engine()
      .asViewer("authenticated", admin)
      .query<{ action: string; reason: string; actor_id: string }>(
        `select after ->> 'action' as action, after ->> 'reason' as reason, actor_id from public.admin_audit_log
         where table_name = 'memberships' and row_id = $1 order by created_at, (after ->> 'action') = 'grant' desc`,
        [person],
      );
    expect(trail.rows.map((r) => [r.action, r.reason, r.actor_id])).toEqual([
      ["grant", "Gewinnspiel", admin],
      ["extend", "Kulanz", admin],
      ["end", "Auf Wunsch beendet", admin],
    ]);
  });
});

describeEngines("membership concurrency", (engine, engineName) => {
  // On PostgreSQL each checkout has its own connection; PGlite has a single session, so there the
  // same 50 calls queue up one after another while the membership expires.
  it("50 parallel checkouts by one member across its membership's expiry never mix prices within an order", async () => {
    const e = engine();
    const buyer = await member(e, "yearly", "now() + interval '1 day'");
    const clients =
      engineName === "postgres15"
        ? await Promise.all(Array.from({ length: 50 }, () => e.connectAsViewer!("authenticated", buyer)))
        : Array.from({ length: 50 }, () => ({ ...e.asViewer("authenticated", buyer), close: async () => {} }));
    try {
      await e.query(
        "update public.memberships set until = clock_timestamp() + interval '150 milliseconds' where user_id = $1",
        [buyer],
      );
      const ids = await Promise.all(
        clients.map((c, i) =>
          new Promise((resolve) => setTimeout(resolve, i * 8)).then(() =>
            c
              .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
                randomUUID(),
                JSON.stringify(CUSTOMER),
                JSON.stringify([line(COURSE, "course"), line(PRODUCT, "product", 2), line(INCLUDED)]),
              ])
              .then((r) => r.rows[0].id),
          ),
        ),
      );
      const rows = await e.query<{ prices: string; total: number; sum: number }>(
        `select string_agg(oi.price::text, ',' order by oi.item_id) as prices, o.total_amount as total,
                sum(oi.price * oi.quantity) as sum
         from public.orders o join public.order_items oi on oi.order_id = o.id
         where o.id = any($1::uuid[]) group by o.id`,
        [ids],
      );
      expect(rows).toHaveLength(50);
      // item_id order: PRODUCT (b…1), INCLUDED (b…8), COURSE (c…1).
      const kinds = rows.map((r) => {
        expect(r.total).toBe(r.sum);
        expect(["19.90,0.00,199.00", "24.90,9.90,249.00"]).toContain(r.prices);
        return r.prices.startsWith("19.90") ? "member" : "regular";
      });
      // The expiry fell inside the run: both kinds happened (and never within one order).
      expect(new Set(kinds)).toEqual(new Set(["member", "regular"]));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
