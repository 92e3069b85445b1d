import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { soldOutEvent } from "~/server/db/fixtures/sold-out-event";

/**
 * The waitlist's jobs on the shop's clock, against a real PGlite with the migrations: a freed seat
 * mails the first in line a link; unused for 48 hours, the offer ends and the next one is mailed;
 * the link shows the offer, books it into the cart's line, or gives it up; the list is deleted when
 * the event begins.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

const HOUR = 3_600_000;

async function offerMails(eventId: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{ to_address: string; subject: string; text_body: string }>`
      select m.to_address, m.subject, m.text_body from public.mail_outbox m
       where m.dedupe_key like 'waitlist-offer:%'
         and split_part(m.dedupe_key, ':', 2)::uuid in (select id from public.waitlist_entries where item_id = ${eventId}::uuid)
       order by m.created_at`.execute(tx);
    return rows;
  });
}

const tokenOf = (text: string) => /\/warteliste\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";

describe("waitlist jobs", () => {
  it("a freed seat mails the first in line; 48 hours unused, the next one is asked; the event's start deletes the list", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { joinWaitlist, waitlistLinkOf, leaveWaitlist } = await import("~/server/catalog/waitlist.server");
    const at = async (ms: number) => {
      await setShopClock(new Date(Date.now() + ms));
      await runDueJobsNow(JOB_HANDLERS);
    };

    const { eventId, orderId } = await soldOutEvent("Abend der Stille");
    const join = (email: string) =>
      asService((tx) =>
        joinWaitlist(tx, { itemType: "event", itemId: eventId, userId: null }, { name: "Wartende", email, seats: 1 }),
      );
    expect(await join("anna@example.com")).toBe("joined");
    expect(await join("ANNA@example.com")).toBe("already");
    expect(await join("ben@example.com")).toBe("joined");

    await asService((tx) => sql`update public.orders set status = 'cancelled' where id = ${orderId}::uuid`.execute(tx));
    await at(0);
    const [first] = await offerMails(eventId);
    expect(first.to_address).toBe("anna@example.com");
    expect(first.subject).toBe("Ein Platz ist frei: Abend der Stille – BeHappy");
    expect(first.text_body).toMatch(/Wir halten ihn bis \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr für dich\./);
    const annaLink = await asService((tx) => waitlistLinkOf(tx, tokenOf(first.text_body)));
    expect(annaLink).toMatchObject({
      state: "offered",
      email: "anna@example.com",
      seats: 1,
      title: "Abend der Stille",
    });
    // Anyone else is told it is sold out while the seat is held.
    expect(await join("clara@example.com")).toBe("joined");

    await at(47 * HOUR);
    expect(await offerMails(eventId)).toHaveLength(1);
    await at(48 * HOUR + 60_000);
    const mails = await offerMails(eventId);
    expect(mails.map((m) => m.to_address)).toEqual(["anna@example.com", "ben@example.com"]);
    expect((await asService((tx) => waitlistLinkOf(tx, tokenOf(first.text_body))))?.state).toBe("expired");

    // Ben gives the seat up by his link: Clara is asked at once.
    const benLink = await asService((tx) => waitlistLinkOf(tx, tokenOf(mails[1].text_body)));
    await asService((tx) => leaveWaitlist(tx, benLink!.entryId));
    await at(48 * HOUR + 120_000);
    expect((await offerMails(eventId)).map((m) => m.to_address)).toEqual([
      "anna@example.com",
      "ben@example.com",
      "clara@example.com",
    ]);

    // The event begins: its waitlist is deleted (data minimisation).
    await at(10 * 24 * HOUR + 60_000);
    const left = await asService((tx) =>
      tx.selectFrom("waitlist_entries").select("id").where("item_id", "=", eventId).execute(),
    );
    expect(left).toEqual([]);
    await setShopClock(null);
  });

  it("a seat freed shortly before the start is offered until the start, not 48 hours past it", async () => {
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { joinWaitlist } = await import("~/server/catalog/waitlist.server");
    const { formatDateTime } = await import("~/lib/format");
    const { eventId, orderId } = await soldOutEvent("Abend kurz vor Beginn");
    await asService((tx) =>
      sql`update public.events set starts_at = now() + interval '3 hours' where id = ${eventId}::uuid`.execute(tx),
    );
    await asService((tx) =>
      joinWaitlist(
        tx,
        { itemType: "event", itemId: eventId, userId: null },
        { name: "Wartende", email: "knapp@example.com", seats: 1 },
      ),
    );
    await asService((tx) => sql`update public.orders set status = 'cancelled' where id = ${orderId}::uuid`.execute(tx));
    await runDueJobsNow(JOB_HANDLERS);

    const { expires, starts, expiry } = await asService(async (tx) => {
      const { rows } = await sql<{ expires: Date; starts: Date; expiry: Date }>`
        select w.offer_expires_at as expires, e.starts_at as starts,
               (select j.run_at from public.jobs j where j.key like 'waitlist-expiry:' || w.id || ':%') as expiry
          from public.waitlist_entries w join public.events e on e.id = w.item_id
         where w.item_id = ${eventId}::uuid`.execute(tx);
      return rows[0];
    });
    expect(new Date(expires).getTime()).toBe(new Date(starts).getTime());
    expect(new Date(expiry).getTime()).toBe(new Date(starts).getTime());
    const [mail] = await offerMails(eventId);
    expect(mail.text_body).toContain(`bis ${formatDateTime(new Date(starts).toISOString())} Uhr für dich`);
  });

  it("an expiry run before its time (Jetzt ausführen) schedules itself again: the offer still ends after 48 hours", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { joinWaitlist } = await import("~/server/catalog/waitlist.server");
    const at = async (ms: number) => {
      await setShopClock(new Date(Date.now() + ms));
      await runDueJobsNow(JOB_HANDLERS);
    };
    const { eventId, orderId } = await soldOutEvent("Abend der Klänge");
    for (const email of ["dora@example.com", "emil@example.com"]) {
      await asService((tx) =>
        joinWaitlist(tx, { itemType: "event", itemId: eventId, userId: null }, { name: "Wartende", email, seats: 1 }),
      );
    }
    await asService((tx) => sql`update public.orders set status = 'cancelled' where id = ${orderId}::uuid`.execute(tx));
    await at(0);
    expect((await offerMails(eventId)).map((m) => m.to_address)).toEqual(["dora@example.com"]);

    // The admin's "Jetzt ausführen" on the expiry job: due now, 47 hours early.
    await asService((tx) =>
      sql`update public.jobs set run_at = public.shop_now()
           where kind = 'waitlist-expiry' and payload ->> 'entry_id' in
                 (select id::text from public.waitlist_entries where item_id = ${eventId}::uuid)`.execute(tx),
    );
    await at(60_000);
    const entries = () =>
      asService((tx) =>
        tx
          .selectFrom("waitlist_entries")
          .select(["email", "status"])
          .where("item_id", "=", eventId)
          .orderBy("email")
          .execute(),
      );
    expect(await entries()).toEqual([
      { email: "dora@example.com", status: "offered" },
      { email: "emil@example.com", status: "waiting" },
    ]);
    await at(48 * HOUR + 60_000);
    expect((await offerMails(eventId)).map((m) => m.to_address)).toEqual(["dora@example.com", "emil@example.com"]);
    expect((await entries())[0]).toEqual({ email: "dora@example.com", status: "expired" });
    await setShopClock(null);
  });

  it("a seat a partial refund took back is free again: the waitlist is asked, a later Storno frees nothing twice", async () => {
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { joinWaitlist } = await import("~/server/catalog/waitlist.server");
    const { recordPayment } = await import("~/server/orders/record-payment.server");
    const { refundOrderLines } = await import("~/server/orders/refunds.server");
    const { changeOrderStatusIn } = await import("~/server/orders/order-mails.server");
    const { createUser, grantAdmin } = await import("~/server/members/accounts.server");
    const { withViewer } = await import("~/server/db/db.server");
    const email = `kasse-${Date.now().toString(36)}@example.com`;
    const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: true });
    await grantAdmin(userId);
    const admin = { id: userId, email };
    const viewer = { role: "authenticated" as const, userId, email };

    const { eventId, orderId } = await soldOutEvent("Abend der Rückgabe");
    await asService((tx) =>
      joinWaitlist(
        tx,
        { itemType: "event", itemId: eventId, userId: null },
        { name: "Wartende", email: "fritz@example.com", seats: 1 },
      ),
    );
    await asService((tx) => recordPayment(tx, admin, orderId, {}));
    const item = await asService((tx) =>
      tx.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow(),
    );
    const paul = await asService((tx) =>
      sql<{ id: string }>`insert into public.event_bookings (event_id, first_name, last_name, email, order_item_id)
          values (${eventId}::uuid, 'Paul', 'Gast', 'paul.gast@example.com', ${item.id}::uuid) returning id`.execute(
        tx,
      ),
    );
    // The seat goes back with its participant (the admin ticks Paul; without, the refund is refused).
    await withViewer(viewer, (tx) =>
      refundOrderLines(tx, orderId, [{ item: item.id, quantity: 1, dropped: [paul.rows[0].id] }]),
    );
    await runDueJobsNow(JOB_HANDLERS);
    expect((await offerMails(eventId)).map((m) => m.to_address)).toEqual(["fritz@example.com"]);
    // Paul is told that his registration is gone, without a name the buyer typed.
    const told = await asService((tx) =>
      tx
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", "paul.gast@example.com")
        .execute(),
    );
    expect(told.map((m) => m.subject)).toEqual(["Anmeldung storniert: Abend der Rückgabe – BeHappy"]);
    expect(told[0].text_body).toMatch(/^Hallo,\n\ndeine Anmeldung für „Abend der Rückgabe“ wurde storniert/);
    expect(told[0].text_body).not.toContain("Paul");
    // The admin's list agrees: the returned seat is nobody's, the order and its former participant
    // do not come (not on the check-in list, the CSV or the reminders), the seat is held for the offer.
    const { attendeeCsv, listAttendees } = await import("~/server/catalog/attendees.server");
    const { attendeeAddresses } = await import("~/server/catalog/attendee-mails.server");
    const list = (await withViewer(viewer, (tx) => listAttendees(tx, "events", eventId)))!;
    expect(list.counts).toEqual({ booked: 0, paid: 0, offered: 1, free: 0 });
    expect(list.rows.map((row) => [row.status, row.seats, row.returned])).toEqual([["completed", 0, 1]]);
    expect(attendeeCsv(list)).not.toContain("Paul Gast");
    expect(await asService((tx) => attendeeAddresses(tx, eventId))).toEqual([]);
    const seats = () =>
      asService((tx) =>
        tx
          .selectFrom("seat_counts")
          .select(["booked", "offered"])
          .where("item_id", "=", eventId)
          .executeTakeFirstOrThrow(),
      );
    expect(await seats()).toEqual({ booked: 0, offered: 1 });

    // The rest of the order cancelled: nothing more to free, the offer's seat stays held.
    await asService((tx) => changeOrderStatusIn(tx, orderId, "cancelled"));
    expect(await seats()).toEqual({ booked: 0, offered: 1 });
  });

  it("the offer greets by the typed name only a member who joined with their own confirmed address", async () => {
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { joinWaitlist } = await import("~/server/catalog/waitlist.server");
    const { createUser } = await import("~/server/members/accounts.server");
    const password = "sicheres-Passwort-123";
    const confirmed = await createUser({ email: "lina-bestaetigt@example.com", password, emailConfirmed: true });
    const unconfirmed = await createUser({ email: "lina-offen@example.com", password, emailConfirmed: false });

    /** The first line of the offer mail to `email`, who joined a sold-out event as `userId` under `name`. */
    async function greetingOf(userId: string | null, email: string, name: string) {
      const { eventId, orderId } = await soldOutEvent("Gruß-Abend");
      const joined = await asService((tx) =>
        joinWaitlist(tx, { itemType: "event", itemId: eventId, userId }, { name, email, seats: 1 }),
      );
      expect(joined).toBe("joined");
      await asService((tx) =>
        sql`update public.orders set status = 'cancelled' where id = ${orderId}::uuid`.execute(tx),
      );
      await runDueJobsNow(JOB_HANDLERS);
      const [mail] = await offerMails(eventId);
      expect(mail.to_address).toBe(email);
      return mail.text_body.split("\n")[0];
    }

    // Signed in, at the account's own confirmed address (in any case): the name.
    expect(await greetingOf(confirmed, "Lina-Bestaetigt@example.com", "Lina Warteliste")).toBe(
      "Hallo Lina Warteliste,",
    );
    // A visitor may type anything next to anyone's address: no stranger's words in the mail.
    expect(await greetingOf(null, "fremd@example.com", "Gewinn abholen: evil.example")).toBe("Hallo,");
    // A member at another address, or at their own before confirming it: the same.
    expect(await greetingOf(confirmed, "jemand-anderes@example.com", "Lina Warteliste")).toBe("Hallo,");
    expect(await greetingOf(unconfirmed, "lina-offen@example.com", "Lina Warteliste")).toBe("Hallo,");
  });
});
