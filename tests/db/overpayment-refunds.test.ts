// Overpayments (issue 28) on both engines: money received above what an order costs opens a refund
// of the excess (open_overpayment_refund, as the app calls it after recording a payment), with the
// IBAN request; once only, however often it is asked; after partial refunds and with other refunds
// open the excess is what is really too much; a later cancellation still opens its own refund of
// what is left; members and visitors cannot call it; RLS stays on.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const CUP = "d0000000-0000-4000-8000-00000000c001";

/** A 29,90 € order (two cups at 14,95 €) of `userId` with `paid` received (0: nothing); completed when paid. */
async function order(engine: Engine, userId: string, paid: number) {
  const [o] = await engine.query<{ id: string }>(
    `insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
     values ('Kim Berg', 'kim@example.com', 29.90, 'pending', $1) returning id`,
    [userId],
  );
  const [cup] = await engine.query<{ id: string }>(
    `insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, vat_rate, shipped)
     values ($1, $2, 'product', 'Tasse', 2, 14.95, 19, true) returning id`,
    [o.id, CUP],
  );
  if (paid > 0)
    await engine.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', $2, current_date)",
      [o.id, paid],
    );
  if (paid >= 29.9) await engine.query("update public.orders set status = 'completed' where id = $1", [o.id]);
  return { id: o.id, cup: cup.id };
}

const refundsOf = (engine: Engine, orderId: string) =>
  engine.query<{ reason: string; amount: string; status: string }>(
    "select reason, amount::text, status from public.refunds where order_id = $1 order by created_at, reason",
    [orderId],
  );

describeEngines("overpayment refunds", (engine) => {
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("overpaid-admin"));
    await engine().makeAdmin(admin);
    buyer = await engine().createUser(uniqueEmail("overpaid-buyer"));
  });
  const openExcess = async (orderId: string) =>
    (
      await engine()
        .asViewer("authenticated", admin)
        .query<{ id: string | null }>("select public.open_overpayment_refund($1) as id", [orderId])
    ).rows[0].id;

  it("100,00 € on a 29,90 € order: a refund of 70,10 €, due in 14 days, with the IBAN request; once", async () => {
    const e = engine();
    const { id } = await order(e, buyer, 100);
    const refund = await openExcess(id);
    expect(refund).not.toBeNull();
    expect(await refundsOf(e, id)).toEqual([{ reason: "overpayment", amount: "70.10", status: "open" }]);
    const [due] = await e.query<{ days: number }>(
      "select (due_on - (public.shop_now() at time zone 'Europe/Berlin')::date) as days from public.refunds where id = $1",
      [refund],
    );
    expect(due.days).toBe(14);
    expect(
      await e.query("select 1 from public.jobs where kind = 'refund-iban-request' and payload->>'refund_id' = $1", [
        refund,
      ]),
    ).toHaveLength(1);
    // Asked again (the form sent twice, another payment of nothing): nothing more is too much.
    expect(await openExcess(id)).toBeNull();
    expect(await refundsOf(e, id)).toHaveLength(1);
  });

  it("paid exactly, or short: no refund", async () => {
    const e = engine();
    const exact = await order(e, buyer, 29.9);
    const short = await order(e, buyer, 10);
    expect(await openExcess(exact.id)).toBeNull();
    expect(await openExcess(short.id)).toBeNull();
    expect([...(await refundsOf(e, exact.id)), ...(await refundsOf(e, short.id))]).toEqual([]);
  });

  it("a second overpayment after the first was paid back: a refund of the new excess only", async () => {
    const e = engine();
    const { id } = await order(e, buyer, 40);
    const first = await openExcess(id);
    await e.query("update public.refunds set status = 'done', done_on = current_date where id = $1", [first]);
    await e.query(
      "insert into public.order_payments (order_id, refund_id, kind, amount, booked_on) values ($1, $2, 'refund', 10.10, current_date)",
      [id, first],
    );
    await e.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 5, current_date)",
      [id],
    );
    await openExcess(id);
    expect(await refundsOf(e, id)).toEqual([
      { reason: "overpayment", amount: "10.10", status: "done" },
      { reason: "overpayment", amount: "5.00", status: "open" },
    ]);
  });

  it("after a partial refund the order keeps less, and an open refund is not counted twice", async () => {
    const e = engine();
    const { id, cup } = await order(e, buyer, 29.9);
    await e
      .asViewer("authenticated", admin)
      .query("select public.refund_order_lines($1, $2::jsonb)", [
        id,
        JSON.stringify([{ order_item_id: cup, quantity: 1 }]),
      ]);
    // The partial refund (14,95 €) is open: nothing is too much.
    expect(await openExcess(id)).toBeNull();
    // The customer pays 14,95 € again by mistake: that is too much.
    await e.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 14.95, current_date)",
      [id],
    );
    await openExcess(id);
    expect(await refundsOf(e, id)).toEqual([
      { reason: "partial", amount: "14.95", status: "open" },
      { reason: "overpayment", amount: "14.95", status: "open" },
    ]);
  });

  it("an overpaid order cancelled later still opens its cancellation refund of what is left", async () => {
    const e = engine();
    const { id } = await order(e, buyer, 100);
    await openExcess(id);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(await refundsOf(e, id)).toEqual([
      { reason: "overpayment", amount: "70.10", status: "open" },
      { reason: "cancellation", amount: "29.90", status: "open" },
    ]);
    // Cancelled: the cancellation's refund pays back everything, nothing opens besides.
    expect(await openExcess(id)).toBeNull();
  });

  it("money booked on a cancelled order after its cancellation is owed back in full", async () => {
    const e = engine();
    // Cancelled unpaid (its deadline passed): no refund. Then 10,00 € arrive after all.
    const { id } = await order(e, buyer, 0);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(await refundsOf(e, id)).toEqual([]);
    await e.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 10, current_date)",
      [id],
    );
    expect(await openExcess(id)).not.toBeNull();
    expect(await refundsOf(e, id)).toEqual([{ reason: "overpayment", amount: "10.00", status: "open" }]);
    const [job] = await e.query<{ n: number }>(
      "select count(*)::int as n from public.jobs where kind = 'refund-iban-request' and payload->>'order_id' = $1",
      [id],
    );
    expect(job.n).toBe(1);
    expect(await openExcess(id)).toBeNull();
  });

  it("a part payment before the cancellation and one after: each owed back once", async () => {
    const e = engine();
    const { id } = await order(e, buyer, 10);
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    await e.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 5, current_date)",
      [id],
    );
    await openExcess(id);
    expect(await refundsOf(e, id)).toEqual([
      { reason: "cancellation", amount: "10.00", status: "open" },
      { reason: "overpayment", amount: "5.00", status: "open" },
    ]);
  });

  it("members and visitors cannot open one; the table keeps RLS", async () => {
    const e = engine();
    const { id } = await order(e, buyer, 100);
    const member = await errorOf(
      e.asViewer("authenticated", buyer).query("select public.open_overpayment_refund($1)", [id]),
    );
    expect(member.code).toBe("42501");
    const visitor = await errorOf(e.asViewer("anon").query("select public.open_overpayment_refund($1)", [id]));
    expect(visitor.code).toBe("42501");
    expect(await refundsOf(e, id)).toEqual([]);
    const [rls] = await e.query<{ on: boolean }>(
      "select relrowsecurity as on from pg_class where oid = 'public.refunds'::regclass",
    );
    expect(rls.on).toBe(true);
  });
});
