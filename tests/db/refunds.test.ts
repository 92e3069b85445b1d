// Refunds (issue 28) on both engines: cancelling a paid order opens one refund of what was
// received (the total when no payment was recorded), due 14 days after the withdrawal or the
// cancellation; an unpaid order opens none; one per order; customers cannot write them.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

async function order(engine: Engine, userId: string, status: string) {
  const [row] = await engine.query<{ id: string }>(
    `insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
     values ('Kim Berg', 'kim@example.com', 129, $1, $2) returning id`,
    [status, userId],
  );
  return row.id;
}

const refundOf = async (engine: Engine, orderId: string) =>
  (
    await engine.query<{ reason: string; amount: string; due_on: string; status: string }>(
      "select reason, amount::text, to_char(due_on, 'YYYY-MM-DD') as due_on, status from public.refunds where order_id = $1",
      [orderId],
    )
  )[0];
const inDays = async (engine: Engine, days: number, from = "public.shop_now()") =>
  (
    await engine.query<{ day: string }>(
      `select to_char(((${from}) + make_interval(days => ${days})) at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day`,
    )
  )[0].day;

describeEngines("refunds", (engine) => {
  let buyer: string;
  beforeAll(async () => {
    buyer = await engine().createUser(uniqueEmail("refund"));
  });

  it("a cancelled paid order owes back what was received, due 14 days after the cancellation", async () => {
    const e = engine();
    const id = await order(e, buyer, "completed");
    await e.query(
      "insert into public.order_payments (order_id, kind, amount, booked_on) values ($1, 'payment', 50, current_date)",
      [id],
    );
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(await refundOf(e, id)).toEqual({
      reason: "cancellation",
      amount: "50.00",
      due_on: await inDays(e, 14),
      status: "open",
    });
    const jobs = await e.query("select 1 from public.jobs where key = $1", [`refund-iban-request:${id}`]);
    expect(jobs).toHaveLength(1);
    // It cannot be reopened (orders_refuse_reopening): the one refund stays the only one.
    await expect(e.query("update public.orders set status = 'completed' where id = $1", [id])).rejects.toThrow(
      /kann nicht wieder geöffnet werden/,
    );
    expect(await e.query("select 1 from public.refunds where order_id = $1", [id])).toHaveLength(1);
  });

  it("after a withdrawal it is due 14 days after the withdrawal; without recorded payments, the total", async () => {
    const e = engine();
    const id = await order(e, buyer, "completed");
    const [w] = await e.query<{ created_at: string }>(
      `insert into public.withdrawals (order_id, order_reference, name, email, created_at)
       values ($1::uuid, upper(left($1::text, 8)), 'Kim Berg', 'kim@example.com', now() - interval '3 days') returning created_at::text`,
      [id],
    );
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(await refundOf(e, id)).toMatchObject({
      reason: "withdrawal",
      amount: "129.00",
      due_on: await inDays(e, 14, `'${w.created_at}'::timestamptz`),
    });
  });

  it("an unpaid order cancelled owes nothing; members cannot write refunds", async () => {
    const e = engine();
    const id = await order(e, buyer, "pending");
    await e.query("update public.orders set status = 'cancelled' where id = $1", [id]);
    expect(await refundOf(e, id)).toBeUndefined();
    const forged = await errorOf(
      e
        .asViewer("authenticated", buyer)
        .query(
          "insert into public.refunds (order_id, reason, amount, due_on) values ($1, 'cancellation', 999, current_date)",
          [id],
        ),
    );
    expect(forged.message).toMatch(/permission denied/);
  });
});
