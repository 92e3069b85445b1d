// Several server instances on one PostgreSQL: started at once on an empty database exactly one
// migrates and seeds while the others wait, then all serve; their mail workers share one outbox
// without sending a mail twice; and a first start killed between migration files is completed by
// the next start.
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, TEST_SESSION_SECRET, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freePort, startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { signedInCustomers } from "./support/checkout-load";
import { duplicates, startSmtpSink } from "./support/smtp-sink";
import { withoutSoftHyphens } from "~/lib/hyphenation";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let migrationFiles: string[];
const servers: AppServer[] = [];

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ maxConnections: 100 });
  // A slow mail server (300 ms per mail): sends take long enough for the workers to overlap.
  sink = await startSmtpSink({ delayMs: 300 });
  migrationFiles = (await readdir("supabase/migrations")).filter((f) => f.endsWith(".sql"));
});

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await sink?.stop();
  await postgres?.stop();
});

/** A new, empty database on the throwaway server. */
async function emptyDatabase(name: string) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.href;
}

async function query<T>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("several instances on one PostgreSQL", () => {
  let url: string;
  let instances: AppServer[];

  it("three instances started at once on an empty database: all serve, migrations applied once", async () => {
    url = await emptyDatabase("three_at_once");
    instances = await Promise.all(
      ["a", "b", "c"].map((name) =>
        startAppServer({
          stdio: "pipe",
          timeoutMs: 120_000,
          env: {
            DATABASE_URL: url,
            LOG_LEVEL: "info",
            SMTP_URL: sink.url,
            // Each instance signs its mails, so the test can tell which one sent what.
            MAIL_FROM: `BeHappy ${name} <${name}@behappy.example>`,
            MAIL_POLL_MS: "100",
          },
        }),
      ),
    );
    servers.push(...instances);
    for (const instance of instances) {
      const page = await fetch(`${instance.base}/products`);
      expect(page.status, instance.base).toBe(200);
    }
    const applied = instances.map((i) => count(i.output(), '"applied migration '));
    expect(
      applied.sort((a, b) => a - b),
      "migration files applied per instance",
    ).toEqual([0, 0, migrationFiles.length]);
    expect(instances.map((i) => count(i.output(), '"applied seed.sql"')).reduce((a, b) => a + b)).toBe(1);
    const rows = await query<{ n: number }>(
      url,
      "select count(*)::int as n from supabase_migrations.schema_migrations",
    );
    expect(rows[0].n).toBe(migrationFiles.length);
    console.log(
      `three at once: ready after ${instances.map((i) => i.startupMs).join(", ")} ms; ` +
        `${instances.filter((i) => i.output().includes("another instance is migrating")).length} waited for the lock`,
    );
  });

  it("two instances with a slow SMTP server: both deliver from the one outbox, no mail twice", async () => {
    const [a, b, c] = instances;
    await c.stop("SIGTERM");
    // All orders go to instance a; b's worker only polls the shared outbox and competes for them.
    const customers = await signedInCustomers(a.base, 5, "two-instances");
    const orderIds: string[] = [];
    await Promise.all(
      customers.map(async (customer) => {
        for (let n = 0; n < 8; n++) {
          await customer.addToCart(PRODUCT, 1);
          const { orderId } = await customer.checkout();
          if (orderId) orderIds.push(orderId);
        }
      }),
    );
    expect(orderIds).toHaveLength(40);
    await sink.waitFor(40, 60_000);
    await new Promise((r) => setTimeout(r, 2_000)); // nothing arrives a second time later

    expect(sink.mails).toHaveLength(40);
    expect(duplicates(sink.mails.map((m) => m.messageId)), "Message-IDs delivered twice").toEqual([]);
    const subjects = sink.mails.map((m) => m.subject);
    for (const id of orderIds) {
      expect(
        subjects.filter((s) => s.includes(id.slice(0, 8).toLowerCase())),
        id,
      ).toHaveLength(1);
    }
    const bySender = { a: 0, b: 0 };
    for (const mail of sink.mails) bySender[mail.from.startsWith("a@") ? "a" : "b"]++;
    console.log(`two instances, slow SMTP: 40 mails, ${bySender.a} sent by a, ${bySender.b} by b, none twice`);
    expect(bySender.a).toBeGreaterThan(0);
    expect(bySender.b).toBeGreaterThan(0);
    await a.stop("SIGTERM");
    await b.stop("SIGTERM");
  });

  it("kill -9 during the first start, between migration files: the next start completes", async () => {
    const killedUrl = await emptyDatabase("killed_first_start");
    const child = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(await freePort()),
        SESSION_SECRET: TEST_SESSION_SECRET,
        DATABASE_URL: killedUrl,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // Killed the moment the first file is reported applied: the next one is under way.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes('"applied migration ')) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.once("exit", () => reject(new Error("the server exited before applying a migration")));
    });
    await exited;
    const recorded = await query<{ n: number }>(
      killedUrl,
      "select count(*)::int as n from supabase_migrations.schema_migrations",
    );
    expect(recorded[0].n, "migration files recorded before the kill").toBeGreaterThan(0);
    expect(recorded[0].n, "the kill came after the last file").toBeLessThan(migrationFiles.length);

    const next = await startAppServer({ stdio: "pipe", timeoutMs: 120_000, env: { DATABASE_URL: killedUrl } });
    servers.push(next);
    const page = await fetch(`${next.base}/products`);
    expect(page.status).toBe(200);
    // The first start's seed came with the start that completed it.
    expect(withoutSoftHyphens(await page.text())).toContain("Dankbarkeitstagebuch");
    const after = await query<{ n: number }>(
      killedUrl,
      "select count(*)::int as n from supabase_migrations.schema_migrations",
    );
    expect(after[0].n).toBe(migrationFiles.length);
    console.log(
      `kill -9 in the first start: ${recorded[0].n} of ${migrationFiles.length} files recorded at the kill; next start ready in ${next.startupMs} ms`,
    );
    await next.stop("SIGTERM");
  });
});

describe("scheduled jobs on two instances with one PostgreSQL", () => {
  const post = (base: string, path: string, body: unknown = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  /** `count` yearly members (`<prefix>-<n>@example.com`) whose membership ends in 20 days. */
  const yearlyMembersEndingSoon = (url: string, prefix: string, count: number) =>
    query(
      url,
      `with u as (insert into auth.users (email, email_confirmed_at)
                  select '${prefix}-' || g || '@example.com', now() from generate_series(1, ${count}) g returning id)
       insert into public.memberships (user_id, plan, since, until)
       select id, 'yearly', now() - interval '345 days', now() + interval '20 days' from u`,
    );

  it("the shop's clock moved past reminders and ends: each mail once, and an instance killed mid-run loses nothing", async () => {
    const jobsUrl = await emptyDatabase("jobs_two_instances");
    // No SMTP: mails stay in the outbox, where every queued one can be counted.
    const start = () =>
      startAppServer({
        stdio: "pipe",
        timeoutMs: 120_000,
        env: { DATABASE_URL: jobsUrl, LOG_LEVEL: "info", JOBS_POLL_MS: "100", E2E_TEST_HOOKS: "true" },
      });
    const a = await start();
    const b = await start();
    servers.push(a, b);
    const MEMBERS = 400;
    await yearlyMembersEndingSoon(jobsUrl, "jahr", MEMBERS);
    const setClock = async (days: number) => {
      const response = await post(a.base, "/__e2e/clock", {
        now: new Date(Date.now() + days * 86_400_000).toISOString(),
      });
      expect(response.status).toBe(200);
    };
    const mailsPerMember = async (reason: string) =>
      query<{ members: number; mails: number }>(
        jobsUrl,
        `select count(distinct split_part(dedupe_key, ':', 2))::int as members, count(*)::int as mails
           from public.mail_outbox where dedupe_key like 'membership-${reason}:%'`,
      ).then((rows) => rows[0]);

    // 20 days before the end (the hourly sweep due): both instances run due jobs at once.
    await setClock(0.1);
    const answers = await Promise.all([post(a.base, "/__e2e/jobs"), post(b.base, "/__e2e/jobs")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await mailsPerMember("reminder-30")).toEqual({ members: MEMBERS, mails: MEMBERS });

    // 6 days before the end: a is killed while it runs the sweep; b's run does the work once.
    await setClock(14.2);
    const killedRun = post(a.base, "/__e2e/jobs").catch(() => null);
    await new Promise((r) => setTimeout(r, 40));
    await a.stop("SIGKILL");
    await killedRun;
    // What had committed when a died (b's own worker may have run the sweep meanwhile).
    const atKill = (await mailsPerMember("reminder-7")).mails;
    await expect
      .poll(async () => (await post(b.base, "/__e2e/jobs"), (await mailsPerMember("reminder-7")).mails), {
        timeout: 30_000,
      })
      .toBe(MEMBERS);
    expect(await mailsPerMember("reminder-7")).toEqual({ members: MEMBERS, mails: MEMBERS });

    // The end: b alone (its own clock read from the database) sends each "beendet" mail once.
    const clock = await post(b.base, "/__e2e/clock", { now: new Date(Date.now() + 21 * 86_400_000).toISOString() });
    expect(clock.status).toBe(200);
    await post(b.base, "/__e2e/jobs");
    await post(b.base, "/__e2e/jobs");
    expect(await mailsPerMember("ended")).toEqual({ members: MEMBERS, mails: MEMBERS });
    const [sweep] = await query<{ status: string; last_error: string | null }>(
      jobsUrl,
      "select status, last_error from public.jobs where key = 'membership-sweep'",
    );
    expect(sweep).toEqual({ status: "scheduled", last_error: null });
    console.log(
      `jobs on two instances: ${MEMBERS} members × 3 mails, each once; ${atKill} of ${MEMBERS} 7-day reminders had committed when a was killed`,
    );
    await b.stop("SIGTERM");
  });

  it("running due jobs now waits for a run another instance holds, then runs what is still due", async () => {
    const url = await emptyDatabase("jobs_held_elsewhere");
    // A worker that does not poll: only the hook runs jobs on this instance.
    const app = await startAppServer({
      stdio: "pipe",
      timeoutMs: 120_000,
      env: { DATABASE_URL: url, LOG_LEVEL: "info", JOBS_POLL_MS: "600000", E2E_TEST_HOOKS: "true" },
    });
    servers.push(app);
    // The worker's run at start-up takes the sweep once, then the other due jobs; it may still be at
    // those when the clock moves, and would then take the sweep again on the moved clock. So the test
    // waits for the sweep's first run, and holds its row before it moves the clock.
    for (let tries = 0; ; tries++) {
      const [sweep] = await query<{ ran: boolean }>(
        url,
        "select last_run_at is not null and status = 'scheduled' as ran from public.jobs where key = 'membership-sweep'",
      );
      if (sweep?.ran) break;
      expect(tries, "the worker's first run at start-up ends").toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await yearlyMembersEndingSoon(url, "gehalten", 3);

    // Another instance is running the due sweep: it holds the job's row for a second, then its run
    // fails (rollback), so the sweep is still due.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("begin");
    await other.query("select id from public.jobs where key = 'membership-sweep' for update");
    const clock = await post(app.base, "/__e2e/clock", { now: new Date(Date.now() + 0.1 * 86_400_000).toISOString() });
    expect(clock.status).toBe(200);
    const held = await other.query(
      "select id from public.jobs where key = 'membership-sweep' and status = 'scheduled' and run_at <= public.shop_now()",
    );
    expect(held.rowCount, "the sweep held is due on the moved clock").toBe(1);
    const answered = post(app.base, "/__e2e/jobs").then((response) => ({ status: response.status, at: Date.now() }));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const releasedAt = Date.now();
    await other.query("rollback");
    await other.end();

    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(answer.at, "the hook answered only after the other run ended").toBeGreaterThanOrEqual(releasedAt);
    const [mails] = await query<{ n: number }>(
      url,
      "select count(*)::int as n from public.mail_outbox where dedupe_key like 'membership-reminder-30:%'",
    );
    expect(mails.n, "the sweep, still due, ran before the answer").toBe(3);
    await app.stop("SIGTERM");
  });

  it("unpaid transfers: one reminder and one cancellation per order on two instances, seats freed; a paid order gets neither", async () => {
    const url = await emptyDatabase("payments_two_instances");
    const start = () =>
      startAppServer({
        stdio: "pipe",
        timeoutMs: 120_000,
        env: { DATABASE_URL: url, JOBS_POLL_MS: "100", E2E_TEST_HOOKS: "true" },
      });
    const a = await start();
    const b = await start();
    servers.push(a, b);
    const ORDERS = 150;
    // One event with room for all; every order (of an account, as checkout makes them) holds one seat.
    const [{ id: eventId }] = await query<{ id: string }>(
      url,
      `insert into public.events (title, category, image_url, date, time, location, price, capacity, starts_at)
       values ('Jahresabend', 'Workshop', '/images/catalog/sommerfest.svg', 'bald', '19 Uhr', 'Köln', 30, 200,
               now() + interval '60 days') returning id`,
    );
    await query(
      url,
      `with u as (insert into auth.users (email, email_confirmed_at)
                  select 'offen-' || g || '@example.com', now() from generate_series(1, ${ORDERS}) g
                  returning id, email),
            o as (insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
                  select 'Kundin', email, 30, 'pending', id from u returning id)
       insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
       select id, '${eventId}'::uuid, 'event', 'Jahresabend', 1, 30 from o`,
    );
    const post = (base: string, path: string, body: unknown = {}) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const runBoth = async (days: number) => {
      expect(
        (await post(a.base, "/__e2e/clock", { now: new Date(Date.now() + days * 86_400_000).toISOString() })).status,
      ).toBe(200);
      const answers = await Promise.all([post(a.base, "/__e2e/jobs"), post(b.base, "/__e2e/jobs")]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
    };
    const mailsLike = async (subject: string) =>
      query<{ orders: number; mails: number }>(
        url,
        `select count(distinct to_address)::int as orders, count(*)::int as mails
           from public.mail_outbox where subject like '${subject}%'`,
      ).then((rows) => rows[0]);
    const booked = async () =>
      (await query<{ booked: number }>(url, `select booked from public.seat_counts where item_id = '${eventId}'`))[0]
        .booked;
    expect(await booked()).toBe(ORDERS);

    // Day 3: the first customer's transfer arrives and the admin enters it (the status change the
    // admin's "Zahlung eingegangen" makes, with its money row).
    await runBoth(3);
    await query(
      url,
      `with paid as (select id from public.orders where customer_email = 'offen-1@example.com')
       insert into public.order_payments (order_id, kind, amount, booked_on)
       select id, 'payment', 30, current_date from paid`,
    );
    await query(url, `update public.orders set status = 'completed' where customer_email = 'offen-1@example.com'`);

    // Day 7 and a bit: both instances run the sweep at once, twice.
    await runBoth(7.1);
    await runBoth(7.2);
    expect(await mailsLike("Zahlungserinnerung")).toEqual({ orders: ORDERS - 1, mails: ORDERS - 1 });

    // Day 15 and a bit: the deadline day (placed + 14 days, a Berlin calendar day) is over, whatever
    // the hour the test runs at; both instances again, twice.
    await runBoth(15.1);
    await runBoth(15.2);
    expect(await mailsLike("Bestellung storniert")).toEqual({ orders: ORDERS - 1, mails: ORDERS - 1 });
    const statuses = await query<{ status: string; n: number }>(
      url,
      "select status, count(*)::int as n from public.orders group by status order by status",
    );
    expect(statuses).toEqual([
      { status: "cancelled", n: ORDERS - 1 },
      { status: "completed", n: 1 },
    ]);
    // The paid customer got neither mail; the freed seats are bookable again.
    const paidMails = await query<{ subject: string }>(
      url,
      "select subject from public.mail_outbox where to_address = 'offen-1@example.com' order by created_at",
    );
    expect(paidMails.map((m) => m.subject).filter((s) => /Zahlungserinnerung|storniert/.test(s))).toEqual([]);
    expect(await booked()).toBe(1);
    await Promise.all([a.stop("SIGTERM"), b.stop("SIGTERM")]);
  });
});
