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
    expect(await page.text()).toContain("Dankbarkeitstagebuch");
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
