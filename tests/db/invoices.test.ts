// Invoices: issued by the database when an order is completed, in that transaction,
// numbered RE-<year>-<6 digits> without gaps; a cancellation invoice when an invoiced order is
// cancelled. Order lines carry the catalogue's VAT rate and shipping flag.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEngines, uniqueEmail, type Engine } from "./engines";

const BOOK = "b0000000-0000-4000-8000-000000000001"; // 7 %, shipped
const MUG = "b0000000-0000-4000-8000-000000000007"; // 19 %, shipped
const EBOOK = "b0000000-0000-4000-8000-000000000008"; // 7 %, not shipped
const COURSE = "c0000000-0000-4000-8000-000000000001"; // 19 %

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

async function order(engine: Engine, userId: string, lines: { item_id: string; item_type: string }[]) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(CUSTOMER),
      JSON.stringify(lines.map((l) => ({ ...l, quantity: 1 }))),
    ]);
  return rows[0].id;
}

const seq = (number: string) => Number(number.slice(-6));

describeEngines("invoices", (engine, engineName) => {
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    customer = await engine().createUser(uniqueEmail("buyer"));
    admin = await engine().createUser(uniqueEmail("boss"));
    await engine().makeAdmin(admin);
  });

  const setStatus = (orderId: string, status: string) =>
    engine()
      .asViewer("authenticated", admin)
      .query("update public.orders set status = $2 where id = $1", [orderId, status]);
  const invoicesOf = (orderId: string) =>
    engine().query<{
      number: string;
      kind: string;
      total_amount: number;
      cancels_invoice_id: string | null;
      id: string;
    }>(
      "select id, number, kind, total_amount, cancels_invoice_id from public.invoices where order_id = $1 order by number",
      [orderId],
    );

  it("copies VAT rate and shipping from the catalogue onto each order line", async () => {
    const id = await order(engine(), customer, [
      { item_id: BOOK, item_type: "product" },
      { item_id: MUG, item_type: "product" },
      { item_id: EBOOK, item_type: "product" },
      { item_id: COURSE, item_type: "course" },
    ]);
    const lines = await engine().query<{ item_id: string; vat_rate: number; shipped: boolean }>(
      "select item_id, vat_rate, shipped from public.order_items where order_id = $1 order by item_id",
      [id],
    );
    expect(lines).toEqual([
      { item_id: BOOK, vat_rate: 7, shipped: true },
      { item_id: MUG, vat_rate: 19, shipped: true },
      { item_id: EBOOK, vat_rate: 7, shipped: false },
      { item_id: COURSE, vat_rate: 19, shipped: false },
    ]);
  });

  it("issues one invoice on completion and a cancellation invoice with its own number on cancel", async () => {
    // The buyer holds no membership: the book's regular price, 24,90 €.
    const id = await order(engine(), customer, [{ item_id: BOOK, item_type: "product" }]);
    expect(await invoicesOf(id)).toEqual([]);
    await setStatus(id, "completed");
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ kind: "invoice", total_amount: 24.9, cancels_invoice_id: null });
    expect(invoice.number).toMatch(new RegExp(`^RE-${new Date().getFullYear()}-\\d{6}$`));
    // Completing again (same status) issues nothing.
    await setStatus(id, "completed");
    expect(await invoicesOf(id)).toHaveLength(1);

    await setStatus(id, "cancelled");
    const after = await invoicesOf(id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ kind: "cancellation", total_amount: -24.9, cancels_invoice_id: invoice.id });
    expect(seq(after[1].number)).toBeGreaterThan(seq(invoice.number));
    // Numbers are never deleted: the order cannot be removed from under its invoices.
    // (RESTRICT: 23001 on PostgreSQL 17+, 23503 on 15.)
    const refused = await engine()
      .query("delete from public.orders where id = $1", [id])
      .then(
        () => "deleted",
        (error: { code?: string }) => error.code,
      );
    expect(["23001", "23503"]).toContain(refused);
  });

  it("a rolled-back completion gives its number back (no gap)", async () => {
    const a = await order(engine(), customer, [{ item_id: MUG, item_type: "product" }]);
    const b = await order(engine(), customer, [{ item_id: MUG, item_type: "product" }]);
    await expect(
      engine()
        .asViewer("authenticated", admin)
        .tx(async (q) => {
          await q.query("update public.orders set status = 'completed' where id = $1", [a]);
          throw new Error("request failed after the update");
        }),
    ).rejects.toThrow("request failed");
    expect(await invoicesOf(a)).toEqual([]);
    const [{ last }] = await engine().query<{ last: number }>(
      "select coalesce(max(last_number), 0) as last from public.invoice_counters",
    );
    await setStatus(b, "completed");
    const [invoice] = await invoicesOf(b);
    expect(seq(invoice.number)).toBe(last + 1);
  });

  it("customers and admins cannot write invoices or counters", async () => {
    for (const userId of [customer, admin]) {
      await expect(
        engine()
          .asViewer("authenticated", userId)
          .query("update public.invoice_counters set last_number = last_number - 1"),
      ).rejects.toMatchObject({ code: "42501" });
      await expect(
        engine().asViewer("authenticated", userId).query("delete from public.invoices"),
      ).rejects.toMatchObject({ code: "42501" });
    }
  });

  describe("50 parallel completions", () => {
    it("get 50 distinct numbers that continue the series without a gap", async () => {
      const e = engine();
      const ids = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          order(e, customer, [{ item_id: i % 2 ? BOOK : MUG, item_type: "product" }]),
        ),
      );
      const [{ before }] = await e.query<{ before: number }>(
        "select coalesce(max(last_number), 0) as before from public.invoice_counters",
      );
      const complete = "update public.orders set status = 'completed' where id = $1";
      if (engineName === "postgres15") {
        // Separate connections, each its own transaction, all at once: they queue on the counter row.
        const clients = await Promise.all(ids.map(() => e.connectAsViewer!("authenticated", admin)));
        try {
          await Promise.all(clients.map((c, i) => c.query(complete, [ids[i]])));
        } finally {
          await Promise.all(clients.map((c) => c.close()));
        }
      } else {
        // PGlite has one session: the 50 transactions are issued at once and run one after another.
        await Promise.all(ids.map((id) => e.asViewer("authenticated", admin).query(complete, [id])));
      }
      const rows = await e.query<{ number: string }>(
        "select number from public.invoices where order_id = any($1::uuid[]) order by number",
        [ids],
      );
      const numbers = rows.map((r) => seq(r.number));
      expect(numbers).toHaveLength(50);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    });
  });
});
