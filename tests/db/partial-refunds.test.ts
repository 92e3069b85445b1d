// Partial refunds (issue 28) on both engines: an admin refunds chosen lines of a paid order; the
// invoice gets a Rechnungskorrektur with its own number and only those lines, a refund of their
// amount opens (shipping with the last line back); more than was paid is refused with nothing
// written; a later cancellation cancels and refunds only what is left; members cannot do it.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const BOOK = "d0000000-0000-4000-8000-00000000b001";
const MUG = "d0000000-0000-4000-8000-00000000b002";

/**
 * A paid order: 2 books at 14,90 €, 1 mug at 19,99 €, 4,90 € shipping; its id and item ids. With a
 * voucher, the discount place_order gave each line (books, mug) comes off the total.
 */
async function paidOrder(engine: Engine, userId: string, paid?: number, discounts: [number, number] = [0, 0]) {
  const total = 54.69 - discounts[0] - discounts[1];
  const [o] = await engine.query<{ id: string }>(
    `insert into public.orders (customer_name, customer_email, total_amount, shipping_fee, status, user_id,
       voucher_code, discount_amount)
     values ('Kim Berg', 'kim@example.com', $2, 4.90, 'pending', $1, $3, $4) returning id`,
    [
      userId,
      total.toFixed(2),
      discounts[0] + discounts[1] > 0 ? "HERBST20" : null,
      (discounts[0] + discounts[1]).toFixed(2),
    ],
  );
  const [book] = await engine.query<{ id: string }>(
    `insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, vat_rate, shipped, discount)
     values ($1, $2, 'product', 'Glücksbuch', 2, 14.90, 7, true, $3) returning id`,
    [o.id, BOOK, discounts[0]],
  );
  const [mug] = await engine.query<{ id: string }>(
    `insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, vat_rate, shipped, discount)
     values ($1, $2, 'product', 'Tasse', 1, 19.99, 19, true, $3) returning id`,
    [o.id, MUG, discounts[1]],
  );
  if (paid !== undefined) {
    await engine.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', $2, current_date)",
      [o.id, paid],
    );
  }
  await engine.query("update public.orders set status = 'completed' where id = $1", [o.id]);
  return { id: o.id, book: book.id, mug: mug.id };
}

const invoicesOf = (engine: Engine, orderId: string) =>
  engine.query<{ number: string; kind: string; total: string; corrects: string | null }>(
    `select i.number, i.kind, i.total_amount::text as total, c.number as corrects
       from public.invoices i left join public.invoices c on c.id = i.corrects_invoice_id
      where i.order_id = $1 order by i.number`,
    [orderId],
  );
const refundsOf = (engine: Engine, orderId: string) =>
  engine.query<{ reason: string; amount: string; status: string }>(
    "select reason, amount::text, status from public.refunds where order_id = $1 order by created_at, amount",
    [orderId],
  );

describeEngines("partial refunds", (engine) => {
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("refund-admin"));
    await engine().makeAdmin(admin);
    buyer = await engine().createUser(uniqueEmail("refund-buyer"));
  });
  const refund = (orderId: string, lines: { order_item_id: string; quantity: number }[]) =>
    engine()
      .asViewer("authenticated", admin)
      .query<{ id: string }>("select public.refund_order_lines($1, $2::jsonb) as id", [orderId, JSON.stringify(lines)]);

  it("one book back: a Rechnungskorrektur of 14,90 € with its own number, a refund of 14,90 €", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 54.69);
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    const [invoice, correction] = await invoicesOf(e, order.id);
    expect(invoice).toMatchObject({ kind: "invoice", total: "54.69" });
    expect(correction).toMatchObject({ kind: "correction", total: "-14.90", corrects: invoice.number });
    expect(Number(correction.number.split("-").at(-1))).toBe(Number(invoice.number.split("-").at(-1)) + 1);
    expect(await refundsOf(e, order.id)).toEqual([{ reason: "partial", amount: "14.90", status: "open" }]);
    const lines = await e.query<{ quantity: number; order_item_id: string | null }>(
      "select l.quantity, l.order_item_id from public.invoice_correction_lines l join public.invoices i on i.id = l.invoice_id where i.order_id = $1",
      [order.id],
    );
    expect(lines).toEqual([{ quantity: 1, order_item_id: order.book }]);
    // The mail asking for the IBAN is scheduled for this refund.
    expect(
      await e.query("select 1 from public.jobs where kind = 'refund-iban-request' and payload->>'order_id' = $1", [
        order.id,
      ]),
    ).toHaveLength(1);
  });

  it("the last lines back include the shipping; the order stays completed", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 54.69);
    await refund(order.id, [{ order_item_id: order.book, quantity: 2 }]);
    await refund(order.id, [{ order_item_id: order.mug, quantity: 1 }]);
    const totals = (await invoicesOf(e, order.id)).map((i) => i.total);
    expect(totals).toEqual(["54.69", "-29.80", "-24.89"]);
    expect((await refundsOf(e, order.id)).map((r) => r.amount).sort()).toEqual(["24.89", "29.80"]);
    const [{ status }] = await e.query<{ status: string }>("select status from public.orders where id = $1", [
      order.id,
    ]);
    expect(status).toBe("completed");
  });

  it("refuses more than was bought, or than was paid, in German, and writes nothing", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 20);
    const tooMany = await errorOf(refund(order.id, [{ order_item_id: order.book, quantity: 3 }]));
    expect(tooMany.message).toBe("Von „Glücksbuch“ können höchstens 2 erstattet werden.");
    // 20 € were received: the two books (29,80 €) are more than that.
    const tooMuch = await errorOf(refund(order.id, [{ order_item_id: order.book, quantity: 2 }]));
    expect(tooMuch.message).toBe(
      "Die Erstattung (29,80 €) wäre höher als das, was für diese Bestellung noch erstattet werden kann (20,00 €).",
    );
    const nothing = await errorOf(refund(order.id, [{ order_item_id: order.book, quantity: 0 }]));
    expect(nothing.message).toBe("Wähle mindestens eine Position und ihre Menge.");
    expect((await invoicesOf(e, order.id)).map((i) => i.kind)).toEqual(["invoice"]);
    expect(await refundsOf(e, order.id)).toEqual([]);
    // Within what was paid it goes through; then the rest of the money is 5,10 €.
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    const rest = await errorOf(refund(order.id, [{ order_item_id: order.mug, quantity: 1 }]));
    expect(rest.message).toContain("(5,10 €)");
  });

  it("a cancellation afterwards cancels and refunds only what is left", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 54.69);
    await refund(order.id, [{ order_item_id: order.mug, quantity: 1 }]);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [order.id]);
    const invoices = await invoicesOf(e, order.id);
    expect(invoices.map((i) => [i.kind, i.total])).toEqual([
      ["invoice", "54.69"],
      ["correction", "-19.99"],
      ["cancellation", "-34.70"],
    ]);
    expect(await refundsOf(e, order.id)).toEqual([
      { reason: "partial", amount: "19.99", status: "open" },
      { reason: "cancellation", amount: "34.70", status: "open" },
    ]);
  });

  it("with a voucher, a line gives back what was paid for it, and all returns add up to the total", async () => {
    const e = engine();
    // 20 % off the goods: 5,97 € of the books' 29,80 €, 3,99 € of the mug's 19,99 €; paid 44,73 €.
    const order = await paidOrder(e, buyer, 44.73, [5.97, 3.99]);
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    // Half of 5,97 € is 2,985 €: the first book takes 2,99 €, the second the 2,98 € left.
    const shares = await e.query<{ quantity: number; discount: string }>(
      `select l.quantity, l.discount::text from public.invoice_correction_lines l
         join public.invoices i on i.id = l.invoice_id where i.order_id = $1 order by i.number`,
      [order.id],
    );
    expect(shares).toEqual([
      { quantity: 1, discount: "2.99" },
      { quantity: 1, discount: "2.98" },
    ]);
    // A cancellation now cancels the mug less its discount, and the shipping: 16,00 + 4,90 €.
    await e.query("update public.orders set status = 'cancelled' where id = $1", [order.id]);
    expect((await invoicesOf(e, order.id)).map((i) => [i.kind, i.total])).toEqual([
      ["invoice", "44.73"],
      ["correction", "-11.91"],
      ["correction", "-11.92"],
      ["cancellation", "-20.90"],
    ]);
    const amounts = (await refundsOf(e, order.id)).map((r) => Number(r.amount));
    expect(amounts.sort()).toEqual([11.91, 11.92, 20.9]);
    expect(Math.round(amounts.reduce((a, b) => a + b, 0) * 100)).toBe(4473);
  });

  it("refuses to refund lines a 100 % voucher made free", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 4.9, [29.8, 19.99]);
    const free = await errorOf(refund(order.id, [{ order_item_id: order.book, quantity: 1 }]));
    expect(free.message).toBe("Für diese Positionen wurde nichts bezahlt, es gibt nichts zu erstatten.");
    expect((await invoicesOf(e, order.id)).map((i) => i.kind)).toEqual(["invoice"]);
  });

  it("free lines that come back last bring the paid shipping fee with them", async () => {
    const e = engine();
    // A 100 % code: the goods free, the 4,90 € shipping paid; everything comes back (§ 357 Abs. 2 BGB).
    const order = await paidOrder(e, buyer, 4.9, [29.8, 19.99]);
    await refund(order.id, [
      { order_item_id: order.book, quantity: 2 },
      { order_item_id: order.mug, quantity: 1 },
    ]);
    expect((await invoicesOf(e, order.id)).map((i) => [i.kind, i.total])).toEqual([
      ["invoice", "4.90"],
      ["correction", "-4.90"],
    ]);
    expect(await refundsOf(e, order.id)).toEqual([{ reason: "partial", amount: "4.90", status: "open" }]);
  });

  it("members cannot refund, not even their own order, nor forge correction lines", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 54.69);
    const own = await errorOf(
      e
        .asViewer("authenticated", buyer)
        .query("select public.refund_order_lines($1, $2::jsonb)", [
          order.id,
          JSON.stringify([{ order_item_id: order.book, quantity: 1 }]),
        ]),
    );
    expect(own.code).toBe("42501");
    const [invoice] = await invoicesOf(e, order.id);
    const forged = await errorOf(
      e
        .asViewer("authenticated", buyer)
        .query(
          "insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity) select id, $2, 1 from public.invoices where number = $1",
          [invoice.number, order.book],
        ),
    );
    expect(forged.message).toMatch(/permission denied/);
    // The buyer reads the correction lines of their own order, another member none.
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    const mine = await e
      .asViewer("authenticated", buyer)
      .query(
        "select l.quantity from public.invoice_correction_lines l join public.invoices i on i.id = l.invoice_id where i.order_id = $1",
        [order.id],
      );
    expect(mine.rows).toHaveLength(1);
    const stranger = await e.createUser(uniqueEmail("refund-stranger"));
    const theirs = await e
      .asViewer("authenticated", stranger)
      .query(
        "select 1 from public.invoice_correction_lines l join public.invoices i on i.id = l.invoice_id where i.order_id = $1",
        [order.id],
      );
    expect(theirs.rows).toEqual([]);
  });

  it("returned_quantity counts what corrections took back of a line, as its caller may see it", async () => {
    const e = engine();
    const order = await paidOrder(e, buyer, 54.69);
    const returned = (viewer: Parameters<Engine["asViewer"]>, line: string) =>
      e
        .asViewer(...viewer)
        .query<{ n: number }>("select public.returned_quantity($1) as n", [line])
        .then((r) => r.rows[0].n);
    expect(await returned(["authenticated", admin], order.book)).toBe(0);
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    await refund(order.id, [{ order_item_id: order.book, quantity: 1 }]);
    expect(await returned(["authenticated", admin], order.book)).toBe(2);
    expect(await returned(["authenticated", admin], order.mug)).toBe(0);
    expect(await returned(["authenticated", buyer], order.book)).toBe(2);
    // Another member counts nothing of it (RLS), and visitors may not ask at all.
    const stranger = await e.createUser(uniqueEmail("returned-stranger"));
    expect(await returned(["authenticated", stranger], order.book)).toBe(0);
    expect((await errorOf(returned(["anon"], order.book))).code).toBe("42501");
  });
});
