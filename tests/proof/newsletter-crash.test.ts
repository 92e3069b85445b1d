// A newsletter to 2,000 confirmed subscribers on PostgreSQL, with the server killed (kill -9) in the
// middle of queuing it: after the restart every recipient gets exactly one mail, counted in what the
// SMTP server received (by address and by Message-ID). The mail server is down while the batches
// are queued, so no send is in flight at the kill; the proof is about the queue: a batch cut off
// by the kill rolls back whole and the restarted job runner queues it again, nobody twice.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { duplicates, startSmtpSink } from "./support/smtp-sink";

const RECIPIENTS = 2_000;
let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const servers: AppServer[] = [];

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ maxConnections: 100 });
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await sink?.stop();
  await postgres?.stop();
});

async function query<T>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function start() {
  const server = await startAppServer({
    stdio: "pipe",
    env: {
      DATABASE_URL: postgres.url,
      SMTP_URL: sink.url,
      SEED_DEMO_DATA: "false",
      JOBS_POLL_MS: "100",
      MAIL_POLL_MS: "200",
      MAIL_RETRY_BASE_MS: "300",
      MAIL_RETRY_MAX_MS: "1000",
      MAIL_LEASE_MS: "3000",
      NEWSLETTER_RATE_PER_MINUTE: "100000",
    },
  });
  servers.push(server);
  return server;
}

describe("newsletter send with kill -9", () => {
  it("kill -9 while 2,000 recipients are queued: after the restart each gets exactly one mail", async () => {
    const first = await start(); // runs the migrations
    await sink.stop();
    await query(
      `insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at)
       select 'leser' || i || '@example.com', 'subscribed', 'Ja', now() from generate_series(1, $1::int) as i`,
      [RECIPIENTS],
    );
    // Neither pending nor unsubscribed addresses are mailed.
    await query(`insert into public.newsletter_subscriptions (email, status, consent_text) values
      ('offen@example.com', 'pending', 'Ja'), ('weg@example.com', 'unsubscribed', 'Ja')`);
    const [{ id }] = await query<{ id: string }>(
      `insert into public.newsletters (subject, body_markdown) values ('Crashtest', '# Hallo') returning id`,
    );
    // As the server role (what the admin's send button does through RLS).
    await query(
      `select set_config('request.jwt.claims', '{"role":"service_role"}', false),
                        public.start_newsletter_send($1::uuid, 'all')`,
      [id],
    );

    let atKill = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      [{ n: atKill }] = await query<{ n: number }>(
        `select count(*)::int as n from public.newsletter_deliveries where newsletter_id = $1`,
        [id],
      );
      if (atKill > 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await first.stop("SIGKILL");
    expect(atKill, "the kill came after the first batch").toBeGreaterThan(0);
    expect(atKill, "the kill came before the last batch").toBeLessThan(RECIPIENTS);

    await sink.start();
    const second = await start();
    await sink.waitFor(RECIPIENTS, 120_000);
    await new Promise((r) => setTimeout(r, 2_000));
    const newsletterMails = sink.mails.filter((mail) => mail.subject === "Crashtest");
    const addresses = newsletterMails.flatMap((mail) => mail.to);
    expect(newsletterMails).toHaveLength(RECIPIENTS);
    expect(new Set(addresses).size).toBe(RECIPIENTS);
    expect(duplicates(addresses)).toEqual([]);
    expect(duplicates(newsletterMails.map((mail) => mail.messageId))).toEqual([]);
    expect(addresses).not.toContain("offen@example.com");
    expect(addresses).not.toContain("weg@example.com");
    const [issue] = await query<{ status: string }>(`select status from public.newsletters where id = $1`, [id]);
    expect(issue!.status).toBe("sent");
    console.log(`newsletter kill -9: ${atKill} of ${RECIPIENTS} queued at the kill; ${RECIPIENTS} mails, each once`);
    await second.stop("SIGTERM");
  }, 240_000);
});
