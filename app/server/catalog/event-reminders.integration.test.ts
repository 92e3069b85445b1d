import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/** Reminders two days before an event, on the shop's clock, against a real PGlite with the migrations. */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

const DAY = 86_400_000;

async function newEvent(title: string, startsInDays: number) {
  return asService(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      insert into public.events (title, category, image_url, date, time, location, price, starts_at, ends_at)
      values (${title}, 'Workshop', '/images/catalog/sommerfest.svg', 'bald', '10 Uhr', 'Leipzig, Werk 2', 50,
              now() + make_interval(days => ${startsInDays}), now() + make_interval(days => ${startsInDays}, hours => 3))
      returning id`.execute(tx);
    return rows[0].id;
  });
}

/** A confirmed account with an order of the event (pending unless `status` says otherwise). */
async function booking(eventId: string, email: string, status = "pending", participant?: string) {
  await asService(async (tx) => {
    const { rows: users } = await sql<{ id: string }>`
      insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
    const { rows: orders } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
      values ('Erika Muster', 'getippt@example.com', 50, ${status}, ${users[0].id}::uuid) returning id`.execute(tx);
    const { rows: lines } = await sql<{ id: string }>`
      insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
      values (${orders[0].id}::uuid, ${eventId}::uuid, 'event', 'Workshop', 1, 50) returning id`.execute(tx);
    if (participant)
      await sql`insert into public.event_bookings (event_id, first_name, last_name, email, order_item_id)
                values (${eventId}::uuid, 'Lea', 'Becker', ${participant}, ${lines[0].id}::uuid)`.execute(tx);
  });
}

async function reminders(eventId: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{ to_address: string; subject: string; text_body: string; files: number }>`
      select to_address, subject, text_body, coalesce(jsonb_array_length(attachments), 0)::int as files
        from public.mail_outbox where dedupe_key like ${`event-reminder:${eventId}:%`} order by to_address`.execute(tx);
    return rows;
  });
}

describe("event reminders", () => {
  it("two days before the start: one mail per buyer and participant, with the .ics; never twice; none for a cancelled order", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const at = async (ms: number) => {
      await setShopClock(new Date(Date.now() + ms));
      await runDueJobsNow(JOB_HANDLERS);
    };
    const eventId = await newEvent("Atelier der Dankbarkeit", 5);
    await booking(eventId, "kaeuferin@example.com", "pending", "lea.becker@example.com");
    await booking(eventId, "bezahlt@example.com", "completed");
    await booking(eventId, "storniert@example.com", "cancelled");
    // Moved before its reminder: the reminder of the old start does nothing, the new one reminds.
    const moved = await newEvent("Verschobener Abend", 5);
    await booking(moved, "verschoben@example.com");
    await asService((tx) =>
      sql`update public.events set starts_at = starts_at + interval '5 days', ends_at = ends_at + interval '5 days'
           where id = ${moved}::uuid`.execute(tx),
    );

    await at(2 * DAY); // three days before: nothing yet
    expect(await reminders(eventId)).toEqual([]);

    await at(3 * DAY + 3_600_000); // two days before
    const sent = await reminders(eventId);
    expect(sent.map((m) => m.to_address)).toEqual([
      "bezahlt@example.com",
      "kaeuferin@example.com",
      "lea.becker@example.com",
    ]);
    expect(sent[0].subject).toMatch(
      /^Erinnerung: Atelier der Dankbarkeit am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr – BeHappy$/,
    );
    expect(sent[0].text_body).toContain("bald ist es so weit: „Atelier der Dankbarkeit“ beginnt am");
    expect(sent[0].text_body).toContain("in Leipzig, Werk 2");
    // Nothing anyone typed at checkout (the order's name and e-mail) is in it.
    expect(sent[0].text_body).not.toContain("Erika");
    expect(sent.every((m) => m.files === 1)).toBe(true);
    expect(await reminders(moved)).toEqual([]);

    await at(4 * DAY);
    expect(await reminders(eventId)).toHaveLength(3);
    await at(8 * DAY + 3_600_000); // two days before the moved start
    expect((await reminders(moved)).map((m) => m.to_address)).toEqual(["verschoben@example.com"]);
    await setShopClock(null);
  });

  it("a reminder whose job runs only after the start (a backlog) is not sent; an online event is 'online'", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const late = await newEvent("Verpasster Abend", 4);
    await booking(late, "spaet@example.com");
    await setShopClock(new Date(Date.now() + 5 * DAY));
    await runDueJobsNow(JOB_HANDLERS);
    expect(await reminders(late)).toEqual([]);

    await setShopClock(null);
    const online = await newEvent("Live-Session", 4);
    await asService((tx) => sql`update public.events set location = 'Online' where id = ${online}::uuid`.execute(tx));
    await booking(online, "online@example.com");
    await setShopClock(new Date(Date.now() + 2 * DAY + 3_600_000));
    await runDueJobsNow(JOB_HANDLERS);
    const [mail] = await reminders(online);
    expect(mail.text_body).toMatch(/beginnt am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr online\./);
    await setShopClock(null);
  });
});
