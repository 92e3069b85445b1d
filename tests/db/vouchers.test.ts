// Voucher codes (issue 29), on both engines: place_order decides the discount under the voucher
// row's lock, so a code's last use goes to one order (50 parallel checkouts on PostgreSQL, the same
// 50 calls one after another on PGlite); the limit per customer; validity on the shop's clock; the
// discount spread over the lines in cents that sum to it; a 100 % code gives a completed 0,00 € order.
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
type Line = { item_id: string; quantity: number };
const orderArgs = (code: string | null, lines: Line[]) => [
  randomUUID(),
  JSON.stringify({ ...CUSTOMER, voucher_code: code ?? "" }),
  JSON.stringify(lines.map((l) => ({ ...l, item_type: "product" }))),
];

async function newProduct(engine: Engine, price: number, vatRate = 19) {
  const [row] = await engine.query<{ id: string }>(
    `insert into public.products (title, category, image_url, price, behappy_price, vat_rate)
     values ($1, 'Buch', '/x.svg', $2, $2, $3) returning id`,
    [`Gutscheintest ${randomUUID().slice(0, 8)}`, price, vatRate],
  );
  return row.id;
}

async function newVoucher(engine: Engine, fields: Record<string, unknown>) {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  const row = { code, kind: "percent", amount: 10, ...fields };
  const keys = Object.keys(row);
  await engine.query(
    `insert into public.vouchers (${keys.join(", ")}) values (${keys.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(row),
  );
  return code;
}

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

const orderOf = async (engine: Engine, id: string) =>
  (
    await engine.query<{ total_amount: string; discount_amount: string; voucher_code: string | null; status: string }>(
      "select total_amount, discount_amount, voucher_code, status from public.orders where id = $1",
      [id],
    )
  )[0];

describeEngines("vouchers", (engine, engineName) => {
  let buyers: string[];
  let admin: string;
  beforeAll(async () => {
    buyers = await Promise.all(Array.from({ length: 5 }, () => engine().createUser(uniqueEmail("voucher"))));
    admin = await engine().createUser(uniqueEmail("voucher-admin"));
    await engine().makeAdmin(admin);
  });

  it("50 checkouts for a 1-use code: exactly 1 order with the discount, 49 German refusals", async () => {
    const e = engine();
    const productId = await newProduct(e, 40);
    const code = await newVoucher(e, { kind: "fixed", amount: 5, max_uses: 1 });
    const attempt = (q: Pick<Querier, "query">) =>
      q
        .query<{ id: string }>(ORDER, orderArgs(code.toLowerCase(), [{ item_id: productId, quantity: 1 }]))
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
    const placed = results.flatMap((r) => ("ok" in r ? [r.ok] : []));
    expect(placed).toHaveLength(1);
    const errors = results.flatMap((r) => ("error" in r ? [r.error] : []));
    expect(new Set(errors)).toEqual(
      new Set([`Der Gutschein „${code}“ ist bereits aufgebraucht: alle Einlösungen sind vergeben.`]),
    );
    expect(errors).toHaveLength(49);
    expect(await orderOf(e, placed[0])).toMatchObject({ voucher_code: code, status: "pending" });
    expect(Number((await orderOf(e, placed[0])).total_amount)).toBe(35);
    const [{ n }] = await e.query<{ n: number }>(
      "select count(*)::int as n from public.voucher_redemptions r join public.vouchers v on v.id = r.voucher_id where v.code = $1",
      [code],
    );
    expect(n).toBe(1);
  });

  it("limits the uses per customer; a cancelled order gives its use back", async () => {
    const e = engine();
    const productId = await newProduct(e, 20);
    const code = await newVoucher(e, { max_uses_per_customer: 1 });
    const me = e.asViewer("authenticated", buyers[1]);
    const first = (await me.query<{ id: string }>(ORDER, orderArgs(code, [{ item_id: productId, quantity: 1 }])))
      .rows[0].id;
    expect(Number((await orderOf(e, first)).discount_amount)).toBe(2);
    const again = await errorOf(me.query(ORDER, orderArgs(code, [{ item_id: productId, quantity: 1 }])));
    expect(again.message).toBe(`Du hast den Gutschein „${code}“ bereits eingelöst.`);
    // Another customer may still use it.
    await e.asViewer("authenticated", buyers[2]).query(ORDER, orderArgs(code, [{ item_id: productId, quantity: 1 }]));
    await e.query("update public.orders set status = 'cancelled' where id = $1", [first]);
    await me.query(ORDER, orderArgs(code, [{ item_id: productId, quantity: 1 }]));
  });

  it("a cancelled order whose code went to other orders up to its limit stays cancelled; one with a use left reopens", async () => {
    const e = engine();
    const productId = await newProduct(e, 40);
    const place = (code: string, buyer: string) =>
      e
        .asViewer("authenticated", buyer)
        .query<{ id: string }>(ORDER, orderArgs(code, [{ item_id: productId, quantity: 1 }]))
        .then((r) => r.rows[0].id);
    const setStatus = (id: string, status: string) =>
      e.query("update public.orders set status = $2 where id = $1", [id, status]);
    const taken = (id: string) =>
      e
        .asViewer("authenticated", admin)
        .query<{ code: string | null }>("select public.order_voucher_taken($1) as code", [id])
        .then((r) => r.rows[0].code);

    // A 1-use code: A is cancelled (its use comes back), B takes it; A cannot come back, paid late or not.
    const once = await newVoucher(e, { kind: "fixed", amount: 10, max_uses: 1 });
    const a = await place(once, buyers[0]);
    await setStatus(a, "cancelled");
    const b = await place(once, buyers[1]);
    expect(await taken(a)).toBe(once);
    for (const status of ["completed", "pending"]) {
      const refused = await errorOf(setStatus(a, status));
      expect(refused.message).toBe(
        `Der Gutschein „${once}“ dieser Bestellung ist inzwischen von anderen Bestellungen aufgebraucht. Sie bleibt storniert; für einen neuen Kauf ist eine neue Bestellung nötig.`,
      );
    }
    expect((await orderOf(e, a)).status).toBe("cancelled");
    // B cancelled as well: the use is free again, and A comes back with it.
    await setStatus(b, "cancelled");
    expect(await taken(a)).toBeNull();
    await setStatus(a, "completed");
    expect((await orderOf(e, a)).status).toBe("completed");

    // Once per customer: the same holds for the customer's own second order.
    const perCustomer = await newVoucher(e, { max_uses_per_customer: 1 });
    const first = await place(perCustomer, buyers[2]);
    await setStatus(first, "cancelled");
    await place(perCustomer, buyers[2]);
    expect(await taken(first)).toBe(perCustomer);
    expect((await errorOf(setStatus(first, "pending"))).code).toBe("P0001");
  });

  it("is valid on the shop's days only, says which refusal applies, and a refusal writes nothing", async () => {
    const e = engine();
    const productId = await newProduct(e, 30);
    const code = await newVoucher(e, { valid_from: "2031-03-01", valid_until: "2031-03-31" });
    const me = e.asViewer("authenticated", buyers[3]);
    const lines = [{ item_id: productId, quantity: 1 }];
    const before = await e.query<{ n: number }>("select count(*)::int as n from public.orders");
    await atShopTime(e, "timestamptz '2031-02-28 23:30:00+01'", async () => {
      expect((await errorOf(me.query(ORDER, orderArgs(code, lines)))).message).toBe(
        `Der Gutschein „${code}“ gilt erst ab dem 01.03.2031.`,
      );
    });
    await atShopTime(e, "timestamptz '2031-04-01 00:10:00+02'", async () => {
      expect((await errorOf(me.query(ORDER, orderArgs(code, lines)))).message).toBe(
        `Der Gutschein „${code}“ ist abgelaufen (gültig bis 31.03.2031).`,
      );
    });
    expect(await e.query<{ n: number }>("select count(*)::int as n from public.orders")).toEqual(before);
    await atShopTime(e, "timestamptz '2031-03-31 23:50:00+02'", async () => {
      await me.query(ORDER, orderArgs(code, lines));
    });
    expect((await errorOf(me.query(ORDER, orderArgs("NIX-DA", lines)))).message).toBe(
      "Den Gutscheincode „NIX-DA“ gibt es nicht. Bitte prüfe die Schreibweise.",
    );
    const min = await newVoucher(e, { min_order: 50 });
    expect((await errorOf(me.query(ORDER, orderArgs(min, lines)))).message).toBe(
      `Der Gutschein „${min}“ gilt ab einem Bestellwert von 50,00\u00a0€.`,
    );
    const members = await newVoucher(e, { members_only: true });
    expect((await errorOf(me.query(ORDER, orderArgs(members, lines)))).message).toBe(
      `Der Gutschein „${members}“ gilt nur für Mitglieder.`,
    );
    const events = await newVoucher(e, { item_kinds: ["event"] });
    expect((await errorOf(me.query(ORDER, orderArgs(events, lines)))).message).toBe(
      `Der Gutschein „${events}“ gilt nicht für die Artikel in deinem Warenkorb.`,
    );
    const off = await newVoucher(e, { active: false });
    expect((await errorOf(me.query(ORDER, orderArgs(off, lines)))).message).toBe(
      `Der Gutschein „${off}“ ist nicht mehr gültig.`,
    );
  });

  it("spreads the discount over the lines in cents that sum to it; shipping is not discounted", async () => {
    const e = engine();
    const a = await newProduct(e, 10, 7);
    const b = await newProduct(e, 10, 19);
    const c = await newProduct(e, 10, 19);
    const code = await newVoucher(e, { kind: "fixed", amount: 10 });
    const id = (
      await e.asViewer("authenticated", buyers[4]).query<{ id: string }>(
        ORDER,
        orderArgs(
          code,
          [a, b, c].map((item_id) => ({ item_id, quantity: 1 })),
        ),
      )
    ).rows[0].id;
    const shares = await e.query<{ discount: string }>(
      "select discount from public.order_items where order_id = $1 order by discount desc",
      [id],
    );
    expect(shares.map((s) => Number(s.discount))).toEqual([3.34, 3.33, 3.33]);
    const order = await orderOf(e, id);
    expect(Number(order.discount_amount)).toBe(10);
    expect(Number(order.total_amount)).toBe(
      20 +
        Number((await e.query<{ s: string }>("select shipping_fee as s from public.orders where id = $1", [id]))[0].s),
    );
    expect(
      (
        await e.query<{ a: number[] }>(
          "select public.voucher_allocate(1.00, array[0.01, 0.01, 5]::numeric[])::float8[] as a",
        )
      )[0].a,
    ).toEqual([0, 0, 1]);
  });

  it("a fixed amount above the order gives 0,00 € and a 100 % code a completed order", async () => {
    const e = engine();
    const productId = await newProduct(e, 12.5);
    await e.query("update public.products set shipped = false where id = $1", [productId]);
    const big = await newVoucher(e, { kind: "fixed", amount: 500 });
    const all = await newVoucher(e, { kind: "percent", amount: 100 });
    for (const code of [big, all]) {
      const id = (
        await e
          .asViewer("authenticated", buyers[0])
          .query<{ id: string }>(ORDER, orderArgs(code, [{ item_id: productId, quantity: 2 }]))
      ).rows[0].id;
      const order = await orderOf(e, id);
      expect([Number(order.total_amount), Number(order.discount_amount), order.status]).toEqual([0, 25, "completed"]);
    }
  });

  it("the preview answers without the lock and stores nothing", async () => {
    const e = engine();
    const code = await newVoucher(e, { kind: "percent", amount: 15 });
    const [{ q }] = await e.query<{ q: { discount: number; shares: number[] } }>(
      "select public.voucher_preview($1, array['product','event'], array[19.99, 5]::numeric[]) as q",
      [code.toLowerCase()],
    );
    expect(q).toMatchObject({ code, discount: 3.75, shares: [3, 0.75] });
  });
});
