// Membership prices on both engines: who pays which price, an order's own plan, prices fixed once
// ordered, and (PostgreSQL) checkouts racing a membership's expiry.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeEngines } from "./engines";
import {
  COURSE,
  CUSTOMER,
  FREE,
  INCLUDED,
  LIFETIME,
  PRODUCT,
  YEARLY,
  courseAndProduct,
  line,
  member,
  order,
} from "./memberships-fixtures";

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
