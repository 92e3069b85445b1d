// Memberships over their life, on both engines: when one starts, extends or is refused, renewal,
// the shop's clock, and admin changes by hand. Prices: memberships-prices.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";
import {
  COURSE,
  CUSTOMER,
  FREE,
  LIFETIME,
  PRODUCT,
  SELF_PACED,
  YEARLY,
  atShopTime,
  complete,
  courseAndProduct,
  line,
  member,
  membershipOf,
  order,
} from "./memberships-fixtures";

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

  it("taking back a renewal keeps the member's cancellation, made before it or after", async () => {
    const e = engine();
    const FILE = "select * from public.file_contract_cancellation($1, $2, 'M. Mitglied', $3, null, null::date, $3)";
    const state = async (userId: string) =>
      (
        await e.query<{ ended: boolean; cancelled: boolean; until: Date }>(
          `select until <= public.shop_now() as ended, cancelled_at is not null as cancelled, until
             from public.memberships where user_id = $1`,
          [userId],
        )
      )[0];
    const emailOf = async (userId: string) =>
      (await e.query<{ email: string }>("select email from auth.users where id = $1", [userId]))[0].email;

    // Renewed, then cancelled "sofort", then the renewal withdrawn: it stays ended.
    const after = await member(e, "yearly", "now() + interval '20 days'");
    const renewal = await order(e, after, [line(YEARLY)]);
    await complete(e, admin, renewal.id);
    await e
      .asViewer("authenticated", after)
      .query(FILE, ["ausserordentlich", "Umzug ins Ausland", await emailOf(after)]);
    expect(await state(after)).toMatchObject({ ended: true, cancelled: true });
    await complete(e, admin, renewal.id, "cancelled");
    expect(await state(after)).toMatchObject({ ended: true, cancelled: true });

    // Cancelled at the end of the year, then renewed (which lifts it), then the renewal withdrawn:
    // the cancellation is back, with the old end.
    const before = await member(e, "yearly", "now() + interval '20 days'");
    const paidEnd = (await state(before)).until;
    await e.asViewer("authenticated", before).query(FILE, ["ordentlich", null, await emailOf(before)]);
    const renewed = await order(e, before, [line(YEARLY)]);
    await complete(e, admin, renewed.id);
    expect(await state(before)).toMatchObject({ cancelled: false });
    await complete(e, admin, renewed.id, "cancelled");
    expect(await state(before)).toEqual({ ended: false, cancelled: true, until: paidEnd });
  });

  it("a year is twelve months on Berlin's calendar: paid on 1 March 00:30, it runs to 1 March next year", async () => {
    const e = engine();
    const buyer = await member(e, null);
    const berlin = (at: Date | null) =>
      e
        .query<{ day: string }>(
          "select to_char($1::timestamptz at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as day",
          [at],
        )
        .then((rows) => rows[0].day);
    // 1 March 2027, 00:30 in Berlin is 28 February, 23:30 UTC; 2028 is a leap year.
    await atShopTime(e, "'2027-02-28T23:30:00Z'::timestamptz", async () => {
      const { id } = await order(e, buyer, [line(YEARLY)]);
      await complete(e, admin, id);
    });
    const held = (await membershipOf(e, buyer))!;
    expect(await berlin(held.since)).toBe("2027-03-01 00:30");
    expect(await berlin(held.until)).toBe("2028-03-01 00:30");
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
