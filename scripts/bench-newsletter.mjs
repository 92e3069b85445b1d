#!/usr/bin/env node
// Newsletter queuing benchmark (issue 29): one issue sent to 10,000 confirmed subscribers, on PGlite
// (in memory) and on a throwaway PostgreSQL 15. It runs the app's own code (loaded through Vite's
// SSR module loader): start_newsletter_send as the server role, then the job runner's runDueJobs
// with the real handlers until every recipient has an outbox row. Measured: the time to queue all
// of them (and per batch of 500), the process's peak RSS and heap, and that the send request itself
// (startSend) answers at once. SMTP is off, so nothing is delivered; delivery is throttled anyway.
//
//   node scripts/bench-newsletter.mjs                  both engines (one child process each)
//   node scripts/bench-newsletter.mjs --engine=pglite  (or postgres)
//   BENCH_SUBSCRIBERS=10000 BENCH_PG_PORT=4421 PG_BIN=/usr/local/bin node scripts/bench-newsletter.mjs
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const engine = process.argv.find((a) => a.startsWith("--engine="))?.split("=")[1];

if (!engine) {
  console.log(`Newsletter to ${SUBSCRIBERS.toLocaleString("en")} confirmed subscribers: time to queue and memory`);
  for (const name of ["pglite", "postgres"]) {
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), `--engine=${name}`], { stdio: "inherit" });
  }
  process.exit(0);
}

let postgres;
if (engine === "postgres") {
  postgres = await startThrowawayPostgres({ port: Number(process.env.BENCH_PG_PORT) || undefined });
  process.env.DATABASE_URL = postgres.url;
}
Object.assign(process.env, { DATA_DIR: "memory://", LOG_SILENT: "true", SEED_DEMO_DATA: "false", NODE_ENV: "test" });
delete process.env.SMTP_URL;

const vite = await createServer({
  root,
  configFile: false,
  logLevel: "warn",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  resolve: { tsconfigPaths: true },
});
const imp = (rel) => vite.ssrLoadModule(path.join(root, rel));
const { database, closeDatabase, withViewer, SERVICE } = await imp("app/server/db/db.server.ts");
const { runDueJobs } = await imp("app/server/jobs/jobs.server.ts");
const { JOB_HANDLERS } = await imp("app/server/jobs/handlers.server.ts");
const { startSend } = await imp("app/server/newsletter/issues.server.ts");
// Vite stays open: the app loads some modules lazily.
const { sql } = await import("kysely");

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
};
const sampler = setInterval(sample, 20);

try {
  await database();
  await withViewer(SERVICE, (tx) =>
    sql`insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at)
        select 'abo' || i || '@example.com', 'subscribed', 'Ja, ich will den Newsletter.', now()
          from generate_series(1, ${SUBSCRIBERS}) as i`.execute(tx),
  );
  const body = `# Sommer bei BeHappy\n\n${"Ein Absatz mit einem [Link](https://behappy.example/kurse) und etwas Text. ".repeat(40)}\n\n![Bild](https://behappy.example/see.jpg)\n\n[[Jetzt buchen | https://behappy.example/kurse]]\n`;
  const id = await withViewer(SERVICE, async (tx) => {
    const row = await tx
      .insertInto("newsletters")
      .values({ subject: "Sommer", preheader: "Neue Kurse", body_markdown: body })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  sample();
  const baseRss = process.memoryUsage().rss;
  peakRss = baseRss;
  const t0 = performance.now();
  await withViewer(SERVICE, (tx) => startSend(tx, id, "all"));
  const answered = performance.now() - t0;
  let runs = 0;
  for (;;) {
    const ran = await runDueJobs(JOB_HANDLERS);
    runs += ran;
    if (ran === 0) break;
  }
  const queuedMs = performance.now() - t0;
  sample();
  const { rows } = await withViewer(SERVICE, (tx) =>
    sql`select (select count(*)::int from public.newsletter_deliveries where newsletter_id = ${id}) as deliveries,
               (select count(distinct to_address)::int from public.mail_outbox where bulk) as mails,
               (select status from public.newsletters where id = ${id}) as status`.execute(tx),
  );
  const result = rows[0];
  if (result.deliveries !== SUBSCRIBERS || result.mails !== SUBSCRIBERS || result.status !== "sent") {
    throw new Error(`expected ${SUBSCRIBERS} queued, got ${JSON.stringify(result)}`);
  }
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `${engine.padEnd(9)} send answered in ${answered.toFixed(1)} ms; ${SUBSCRIBERS} queued in ${(queuedMs / 1000).toFixed(2)} s ` +
      `(${runs} job runs, ${(queuedMs / runs).toFixed(0)} ms per job run of up to 500); peak RSS ${mb(peakRss)} MB ` +
      `(+${mb(peakRss - baseRss)} MB while queuing), peak heap ${mb(peakHeap)} MB`,
  );
} finally {
  clearInterval(sampler);
  await closeDatabase();
  await postgres?.stop();
  await vite.close();
}
