import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { setShopClock } from "~/server/jobs/clock.server";
import {
  confirmNewsletter,
  hashToken,
  newToken,
  tokenState,
  unsubscribeNewsletter,
} from "~/server/newsletter/newsletter.server";
import { dataRetention } from "~/server/members/data-retention.server";

/**
 * The privacy page's deletion periods, against a real PGlite and the shop's clock: a newsletter
 * sign-up not confirmed within 30 days ends (its link says so and confirms nothing; the daily job
 * deletes it, or puts an address that had been sent issues back to unsubscribed); an ended
 * subscription goes with its proof after three years; a contact message after two.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(async () => {
  await setShopClock(null);
  await closeMemoryDatabase();
});

const DAY = 86_400_000;
const RUN = { id: "test", kind: "data-retention", key: "data-retention", payload: {} };

/** A subscription of `email` in `status`, its request `daysAgo` old; its confirmation token. */
async function signup(email: string, status: "pending" | "subscribed" | "unsubscribed", daysAgo: number) {
  const token = newToken();
  await asService((tx) =>
    sql`insert into public.newsletter_subscriptions (email, status, consent_text, consent_at, confirm_token_hash, confirmed_at)
        values (${email}, ${status}, 'Ja', now() - make_interval(days => ${daysAgo}), ${hashToken(token)},
                ${status === "pending" ? null : sql`now()`})`.execute(tx),
  );
  return token;
}

const statusOf = (email: string) =>
  asService(
    async (tx) =>
      (await tx.selectFrom("newsletter_subscriptions").select("status").where("email", "=", email).executeTakeFirst())
        ?.status ?? "gone",
  );

describe("unconfirmed newsletter sign-ups", () => {
  it("a link older than 30 days confirms nothing; the daily job ends what is still pending", async () => {
    const fresh = await signup("frisch@example.com", "pending", 29);
    const stale = await signup("alt@example.com", "pending", 31);
    await signup("dabei@example.com", "subscribed", 400);
    await signup("abgemeldet@example.com", "unsubscribed", 400);
    // Sent an issue once, unsubscribed, then asked again 31 days ago and never confirmed.
    await signup("wieder@example.com", "pending", 31);
    await asService(async (tx) => {
      const { id } = await tx
        .insertInto("newsletters")
        .values({ subject: "Frühling", body_markdown: "Hallo", status: "sent", segment: "all" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await sql`insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash)
                select ${id}, s.id, ${hashToken(newToken())} from public.newsletter_subscriptions s
                 where s.email = 'wieder@example.com'`.execute(tx);
    });

    // The links: the stale one is dead before its button is pressed, and pressing it does nothing.
    expect(await asService((tx) => tokenState(tx, "confirm", stale))).toBe("unknown");
    expect(await asService((tx) => confirmNewsletter(tx, stale))).toBe(false);
    expect(await asService((tx) => tokenState(tx, "confirm", fresh))).toBe("open");

    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("alt@example.com")).toBe("gone");
    expect(await statusOf("wieder@example.com")).toBe("unsubscribed");
    expect(await statusOf("frisch@example.com")).toBe("pending");
    expect(await statusOf("dabei@example.com")).toBe("subscribed");
    expect(await statusOf("abgemeldet@example.com")).toBe("unsubscribed");

    // Two days later by the shop's clock the 29-day-old one has passed 30 days as well.
    await setShopClock(new Date(Date.now() + 2 * DAY));
    expect(await asService((tx) => confirmNewsletter(tx, fresh))).toBe(false);
    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("frisch@example.com")).toBe("gone");
    await setShopClock(null);
  });

  it("a link within 30 days confirms, and the job leaves the subscription alone", async () => {
    const token = await signup("rechtzeitig@example.com", "pending", 10);
    expect(await asService((tx) => confirmNewsletter(tx, token))).toBe(true);
    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("rechtzeitig@example.com")).toBe("subscribed");
  });

  it("one declined with its confirmation mail's link goes 30 days after the request; a proven consent stays", async () => {
    /** Declines the address's request with the link of its confirmation mail. */
    const decline = async (email: string) => {
      const link = newToken();
      await asService((tx) =>
        sql`update public.newsletter_subscriptions set unsubscribe_token_hash = ${hashToken(link)}
             where email = ${email}`.execute(tx),
      );
      expect(await asService((tx) => unsubscribeNewsletter(tx, link))).toBe(true);
    };
    await signup("nicht-ich@example.com", "pending", 10);
    await decline("nicht-ich@example.com");
    // Confirmed long ago, unsubscribed, asked again 10 days ago (as subscribe_newsletter does) and declined.
    await signup("frueher-dabei@example.com", "subscribed", 400);
    await asService((tx) =>
      sql`update public.newsletter_subscriptions set status = 'pending', confirmed_at = null,
                 consent_at = now() - make_interval(days => 10)
           where email = 'frueher-dabei@example.com'`.execute(tx),
    );
    await decline("frueher-dabei@example.com");

    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("nicht-ich@example.com")).toBe("unsubscribed");
    await setShopClock(new Date(Date.now() + 21 * DAY));
    try {
      await asService((tx) => dataRetention(tx, RUN));
      expect(await statusOf("nicht-ich@example.com")).toBe("gone");
      expect(await statusOf("frueher-dabei@example.com")).toBe("unsubscribed");
    } finally {
      await setShopClock(null);
    }
  });

  it("runs daily as a scheduled job", async () => {
    const job = await asService((tx) =>
      tx
        .selectFrom("jobs")
        .select(["kind", "repeat_seconds", "status"])
        .where("key", "=", "data-retention")
        .executeTakeFirst(),
    );
    expect(job).toEqual({ kind: "data-retention", repeat_seconds: 86_400, status: "scheduled" });
  });
});

describe("ended subscriptions and contact messages", () => {
  it("an unsubscribed address goes with its proof three years after it left; two-year-old messages go", async () => {
    await signup("gegangen@example.com", "subscribed", 10);
    await signup("bleibt@example.com", "subscribed", 10);
    await asService((tx) =>
      sql`update public.newsletter_subscriptions set status = 'unsubscribed' where email = 'gegangen@example.com'`.execute(
        tx,
      ),
    );
    await asService((tx) =>
      sql`insert into public.contact_messages (name, email, message) values ('Jonas', 'jonas@example.com', 'Hallo!')`.execute(
        tx,
      ),
    );
    const contactCount = () =>
      asService(async (tx) =>
        Number(
          (
            await tx
              .selectFrom("contact_messages")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("email", "=", "jonas@example.com")
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    const proofCount = () =>
      asService(async (tx) =>
        Number(
          (
            await tx
              .selectFrom("newsletter_consents")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("email", "=", "gegangen@example.com")
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );

    // A year on: everything stays.
    await setShopClock(new Date(Date.now() + 365 * DAY));
    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("gegangen@example.com")).toBe("unsubscribed");
    expect(await proofCount()).toBeGreaterThan(0);
    expect(await contactCount()).toBe(1);

    // Two years and a day: the message goes, the proof stays.
    await setShopClock(new Date(Date.now() + 731 * DAY));
    await asService((tx) => dataRetention(tx, RUN));
    expect(await contactCount()).toBe(0);
    expect(await statusOf("gegangen@example.com")).toBe("unsubscribed");

    // Three years and a day after leaving: the address and its proof go; a subscriber stays.
    await setShopClock(new Date(Date.now() + 1097 * DAY));
    await asService((tx) => dataRetention(tx, RUN));
    expect(await statusOf("gegangen@example.com")).toBe("gone");
    expect(await proofCount()).toBe(0);
    expect(await statusOf("bleibt@example.com")).toBe("subscribed");
    await setShopClock(null);
  });
});

describe("waitlists", () => {
  it("an entry goes a week after its person stopped waiting, also for a course without a start", async () => {
    // A self-paced course: its date free text only, no start the shop knows.
    const course = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into public.courses (title, category, image_url, date) values ('Selbstlernkurs', 'Kurs', '/x.svg', 'ab sofort')
        returning id`.execute(tx);
      return rows[0].id;
    });
    const entry = (email: string, status: string, daysAgo: number) =>
      asService((tx) =>
        sql`insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text, status, updated_at)
            values (${course}::uuid, 'course', 'Wartende', ${email}, 1, 'Ja', ${status},
                    now() - make_interval(days => ${daysAgo}))`.execute(tx),
      );
    await entry("wartet@example.com", "waiting", 60);
    await entry("gebucht@example.com", "booked", 8);
    await entry("ausgetragen@example.com", "left", 2);
    await entry("verfallen@example.com", "expired", 10);
    await asService((tx) => dataRetention(tx, RUN));
    const left = await asService((tx) =>
      tx.selectFrom("waitlist_entries").select("email").where("item_id", "=", course).orderBy("email").execute(),
    );
    expect(left.map((row) => row.email)).toEqual(["ausgetragen@example.com", "wartet@example.com"]);
  });
});
