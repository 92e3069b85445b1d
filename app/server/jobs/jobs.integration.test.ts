import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import type { Job, JobHandlers } from "~/server/jobs/jobs.server";

/** Scheduled jobs and the membership sweep against a real PGlite with the migrations applied. */
beforeAll(() => openMemoryDatabase({ JOBS_RETRY_BASE_MS: "60000" }), 180_000);
afterAll(closeMemoryDatabase);

async function jobRow(key: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{
      status: string;
      attempts: number;
      last_error: string | null;
      due_in_seconds: number;
      last_run: boolean;
    }>`select status, attempts, last_error, extract(epoch from run_at - public.shop_now())::int as due_in_seconds,
              last_run_at is not null as last_run
         from public.jobs where key = ${key}`.execute(tx);
    return rows[0];
  });
}

async function mailsWithKey(prefix: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{ to_address: string; subject: string; text_body: string; dedupe_key: string }>`
      select to_address, subject, text_body, dedupe_key from public.mail_outbox
       where dedupe_key like ${prefix + "%"} order by dedupe_key`.execute(tx);
    return rows;
  });
}

async function schedule(key: string, handler: string, runAt = new Date(Date.now() - 1000), repeatSeconds?: number) {
  const { scheduleJob } = await import("~/server/jobs/jobs.server");
  await asService((tx) => scheduleJob(tx, { kind: handler, key, runAt, repeatSeconds }));
}

const runs: string[] = [];
const handlers: JobHandlers = {
  "test-mail": async (tx, job: Job) => {
    runs.push(job.key);
    const { enqueueMail } = await import("~/server/mail/outbox.server");
    await enqueueMail(tx, { to: "erika@example.com", subject: job.key, text: "Hallo" }, { key: `test:${job.key}` });
  },
  "test-fails": async (tx, job: Job) => {
    runs.push(job.key);
    const { enqueueMail } = await import("~/server/mail/outbox.server");
    // The mail is queued in the job's transaction, then the job fails: the mail must go with it.
    await enqueueMail(tx, { to: "erika@example.com", subject: job.key, text: "Hallo" }, { key: `test:${job.key}` });
    throw new Error("Der Dienst antwortet nicht");
  },
};

beforeEach(() => {
  runs.length = 0;
});

describe("scheduled jobs", () => {
  it("a due job runs once, its mail commits with it; a job not yet due waits", async () => {
    const { runDueJobs } = await import("~/server/jobs/jobs.server");
    await schedule("once", "test-mail");
    await schedule("later", "test-mail", new Date(Date.now() + 3_600_000));
    // Two runners at once (two instances' workers): the row lock lets exactly one take it.
    await Promise.all([runDueJobs(handlers), runDueJobs(handlers)]);
    await runDueJobs(handlers);
    expect(runs.filter((key) => key === "once")).toEqual(["once"]);
    expect(runs).not.toContain("later");
    expect(await jobRow("once")).toMatchObject({ status: "done", attempts: 0, last_error: null, last_run: true });
    expect(await mailsWithKey("test:once")).toHaveLength(1);
    expect((await jobRow("later")).status).toBe("scheduled");
  });

  it("a failing job rolls its work back, records the error and is retried with back-off, then gives up", async () => {
    const { runDueJobs } = await import("~/server/jobs/jobs.server");
    await asService((tx) =>
      tx
        .insertInto("jobs")
        .values({ kind: "test-fails", key: "fails", run_at: new Date(Date.now() - 1000), max_attempts: 2 })
        .execute(),
    );
    await runDueJobs(handlers);
    expect(runs).toEqual(["fails"]);
    const first = await jobRow("fails");
    expect(first).toMatchObject({ status: "scheduled", attempts: 1, last_error: "Der Dienst antwortet nicht" });
    expect(first.due_in_seconds).toBeGreaterThanOrEqual(55);
    expect(first.due_in_seconds).toBeLessThanOrEqual(60);
    expect(await mailsWithKey("test:fails")).toEqual([]);
    // Not due again yet: nothing runs. Made due (as "Jetzt ausführen" does), it fails for good.
    await runDueJobs(handlers);
    expect(runs).toEqual(["fails"]);
    await asService((tx) =>
      sql`update public.jobs set run_at = now() - interval '1 second' where key = 'fails'`.execute(tx),
    );
    await runDueJobs(handlers);
    expect(await jobRow("fails")).toMatchObject({ status: "failed", attempts: 2 });
    expect(await mailsWithKey("test:fails")).toEqual([]);
  });

  it("a recurring job is scheduled again after its run, on the shop's clock", async () => {
    const { runDueJobs } = await import("~/server/jobs/jobs.server");
    await schedule("every-hour", "test-mail", new Date(Date.now() - 1000), 3600);
    await runDueJobs(handlers);
    const row = await jobRow("every-hour");
    expect(row.status).toBe("scheduled");
    expect(row.due_in_seconds).toBeGreaterThan(3590);
    expect(row.due_in_seconds).toBeLessThanOrEqual(3600);
  });
});

describe("the membership sweep", () => {
  async function yearlyMember(email: string, endsIn: string) {
    return asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
      const id = rows[0].id;
      await sql`insert into public.memberships (user_id, plan, since, until)
                values (${id}::uuid, 'yearly', now() - interval '11 months', now() + ${endsIn}::interval)`.execute(tx);
      return id;
    });
  }

  it("reminds 30 and 7 days before the end and says when it has ended: each mail once, prices stop", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { membershipSweep } = await import("~/server/members/membership-jobs.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const sweep = { "membership-sweep": membershipSweep };
    const id = await yearlyMember("jahres-mitglied@example.com", "20 days");
    const cancelled = await yearlyMember("gekuendigt@example.com", "20 days");
    await asService((tx) =>
      sql`update public.memberships set cancelled_at = now() where user_id = ${cancelled}::uuid`.execute(tx),
    );
    const day = 86_400_000;
    const at = async (ms: number) => {
      await setShopClock(new Date(Date.now() + ms));
      await runDueJobsNow(sweep);
      await runDueJobsNow(sweep);
    };

    await at(2 * 3_600_000); // the hourly sweep is due: 20 days left
    const thirty = await mailsWithKey(`membership-reminder-30:${id}`);
    expect(thirty).toHaveLength(1);
    expect(thirty[0].to_address).toBe("jahres-mitglied@example.com");
    expect(thirty[0].subject).toMatch(/^Deine Yearly-Mitgliedschaft endet am \d\d\.\d\d\.\d{4} – BeHappy$/);
    expect(thirty[0].text_body).toContain("Du kannst deine Mitgliedschaft schon jetzt verlängern.");
    // 20 days (less two hours) are said as the Berlin calendar days they are, not as "in einem Monat":
    // 20, or 19 when the shop's clock (two hours ahead) has already passed Berlin's midnight.
    const { now, until } = await asService(async (tx) => {
      const { rows } = await sql<{ now: Date; until: Date }>`
        select public.shop_now() as now, m.until from public.memberships m where m.user_id = ${id}::uuid`.execute(tx);
      return rows[0];
    });
    const berlinDate = (at: Date) =>
      Date.parse(new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(at));
    const daysLeft = Math.round((berlinDate(new Date(until)) - berlinDate(new Date(now))) / day);
    expect([19, 20]).toContain(daysLeft);
    expect(thirty[0].text_body).toContain(`deine Yearly-Mitgliedschaft bei BeHappy endet in ${daysLeft} Tagen, am `);
    expect(thirty[0].text_body).toMatch(/https?:\/\/[^\s]+\/join/);
    // A cancelled membership gets no nudge to renew.
    expect(await mailsWithKey(`membership-reminder-30:${cancelled}`)).toEqual([]);

    await at(14 * day); // 6 days left
    expect(await mailsWithKey(`membership-reminder-7:${id}`)).toHaveLength(1);
    expect(await mailsWithKey(`membership-reminder-30:${id}`)).toHaveLength(1);

    await at(21 * day); // ended yesterday
    const ended = await mailsWithKey(`membership-ended:${id}`);
    expect(ended).toHaveLength(1);
    expect(ended[0].subject).toBe("Deine Yearly-Mitgliedschaft ist beendet – BeHappy");
    // A fact of the contract, no invitation to buy again (nobody asked for advertising by mail).
    expect(ended[0].text_body).not.toMatch(/\/join/);
    const endedCancelled = await mailsWithKey(`membership-ended:${cancelled}`);
    expect(endedCancelled[0].text_body).toContain("wie gekündigt");
    await at(22 * day);
    expect(await mailsWithKey(`membership-ended:${id}`)).toHaveLength(1);
    expect(await mailsWithKey(`membership-reminder-7:${id}`)).toHaveLength(1);

    // The member's prices follow the shop's clock: the membership is over.
    const active = await asService(async (tx) => {
      const { rows } = await sql<{ active: boolean }>`
        select m.until > public.shop_now() as active from public.memberships m where m.user_id = ${id}::uuid`.execute(
        tx,
      );
      return rows[0].active;
    });
    expect(active).toBe(false);
    await setShopClock(null);
  });

  it("reminds a member whose renewal is ordered but unpaid to pay it, not to renew again", async () => {
    const { setShopClock } = await import("~/server/jobs/clock.server");
    const { membershipSweep } = await import("~/server/members/membership-jobs.server");
    const { runDueJobsNow } = await import("~/server/jobs/jobs.server");
    const id = await yearlyMember("verlaengert-unbezahlt@example.com", "6 days");
    const orderId = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into public.orders (customer_name, customer_email, total_amount, status, user_id, payment_deadline)
        values ('Anna Jahr', 'verlaengert-unbezahlt@example.com', 99, 'pending', ${id}::uuid, '2031-01-15T12:00:00Z')
        returning id`.execute(tx);
      await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, membership_plan)
                values (${rows[0].id}::uuid, gen_random_uuid(), 'product', 'Yearly Membership', 1, 99, 'yearly')`.execute(
        tx,
      );
      return rows[0].id;
    });
    // The hourly sweep is due (the test before left its next run weeks ahead on the shop's clock).
    await setShopClock(null);
    await asService((tx) => sql`update public.jobs set run_at = now() where kind = 'membership-sweep'`.execute(tx));
    await runDueJobsNow({ "membership-sweep": membershipSweep });
    const [mail] = await mailsWithKey(`membership-reminder-7:${id}`);
    expect(mail.text_body).toContain(
      `Deine Verlängerung ist bestellt (Bestellung ${orderId.slice(0, 8)}). Sie wird aktiv, sobald deine Überweisung über 99,00\u00a0€ eingegangen ist. Bitte überweise den Betrag bis zum 15.01.2031.`,
    );
    expect(mail.text_body).toMatch(new RegExp(`https?://[^\\s]+/order-confirmation/${orderId}`));
    expect(mail.text_body).not.toContain("schon jetzt verlängern");
  });
});
