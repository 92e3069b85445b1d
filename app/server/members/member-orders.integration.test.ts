import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { setShopClock } from "~/server/jobs/clock.server";
import { getMemberOrders } from "~/server/members/members.server";

/**
 * The dashboard's orders (getMemberOrders) against a real PGlite: an event line says when its event
 * is over by the shop's clock, so the dashboard stops offering "Register Participant"
 * (register_participant refuses then too, tests/db/register-participant.test.ts).
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(async () => {
  await setShopClock(null);
  await closeMemoryDatabase();
});

describe("a member's event line", () => {
  it("is over once its event has ended by the shop's clock, not before", async () => {
    const { userId, end } = await asService(async (tx) => {
      const { rows: users } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values ('vorbei@example.com', now()) returning id`.execute(
        tx,
      );
      const { rows: events } = await sql<{ id: string; end: Date }>`
        insert into public.events (title, category, image_url, date, time, location, price, starts_at, ends_at)
        values ('Abend', 'Workshop', '/images/catalog/sommerfest.svg', 'bald', '19 Uhr', 'Köln', 30,
                now() + interval '10 days', now() + interval '10 days 3 hours')
        returning id, ends_at as end`.execute(tx);
      const { rows: orders } = await sql<{ id: string }>`
        insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
        values ('Erika Muster', 'vorbei@example.com', 30, 'completed', ${users[0].id}::uuid) returning id`.execute(tx);
      await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
                values (${orders[0].id}::uuid, ${events[0].id}::uuid, 'event', 'Abend', 1, 30)`.execute(tx);
      return { userId: users[0].id, end: events[0].end };
    });
    const overAt = async (at: Date) => {
      await setShopClock(at);
      const orders = await asService((tx) => getMemberOrders(tx, userId));
      return orders[0].items[0].over;
    };
    expect(await overAt(new Date(end.getTime() - 60_000))).toBe(false);
    expect(await overAt(new Date(end.getTime() + 60_000))).toBe(true);
  });
});
