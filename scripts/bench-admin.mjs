#!/usr/bin/env node
// Admin list benchmark: 100,000 orders and 100,000 newsletter subscribers, on PGlite
// (in memory) and on a throwaway PostgreSQL 15, as an admin viewer (the same set_config calls as
// withViewer). It runs the app's own query functions (app/server/<domain>/admin-*.server.ts, loaded
// through Vite's SSR module loader), so the SQL measured is exactly the SQL the admin pages send: count + page query.
//
//   node scripts/bench-admin.mjs                 both engines
//   node scripts/bench-admin.mjs --engine=pglite (or postgres)
//   BENCH_ROWS=100000 BENCH_RUNS=60 PG_BIN=/usr/local/bin node scripts/bench-admin.mjs
//   BENCH_PG_PORT=4421 …                         PostgreSQL on that port instead of a random free one
//
// Prints p50 / p95 / max in milliseconds per engine and case. Target: p95 < 50 ms on PostgreSQL.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const engineArg = process.argv.find((a) => a.startsWith("--engine="))?.split("=")[1];
// --explain prints EXPLAIN ANALYZE of every statement the cases send (as the admin viewer).
const explain = process.argv.includes("--explain");

// The TypeScript modules load through Vite (no server, no HMR), as `npm run dev` loads them.
const vite = await createServer({
  root,
  configFile: false,
  logLevel: "warn",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  resolve: { tsconfigPaths: true },
});
const imp = (rel) => vite.ssrLoadModule(path.join(root, rel));
const { Kysely, PGliteDialect, PostgresDialect, sql } = await import("kysely");
const { listOrdersAdmin } = await imp("app/server/orders/admin-orders.server.ts");
const { listSubscribersAdmin } = await imp("app/server/newsletter/admin-newsletter.server.ts");
await vite.close();

async function sqlFiles(dir) {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(names.map(async (n) => ({ name: n, sql: await readFile(path.join(dir, n), "utf8") })));
}

/** Local shim, then every migration in file-name order (no demo seed). */
async function migrate(exec) {
  for (const f of await sqlFiles(path.join(root, "supabase/local"))) await exec(f.sql);
  for (const f of await sqlFiles(path.join(root, "supabase/migrations"))) await exec(`begin;\n${f.sql}\n;commit;`);
}

const SEED = (rows) => `
  insert into auth.users (id, email) values ('00000000-0000-4000-8000-00000000a001', 'bench-admin@example.com');
  insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-00000000a001', 'admin');
  insert into public.orders (customer_name, customer_email, total_amount, status, created_at)
    select 'Kunde ' || i || ' Muster', 'kunde' || i || '@example.com', (i % 500)::numeric,
           (array['pending', 'completed', 'cancelled'])[1 + i % 3], now() - make_interval(secs => i)
    from generate_series(1, ${rows}) as i;
  insert into public.newsletter_subscriptions (email, first_name, status, consent_text, created_at)
    select 'abo' || i || '@example.com', 'Vorname' || i,
           (array['pending', 'subscribed', 'unsubscribed'])[1 + i % 3], 'Ja, ich will den Newsletter.',
           now() - make_interval(secs => i)
    from generate_series(1, ${rows}) as i;
`;

const ADMIN = { sub: "00000000-0000-4000-8000-00000000a001", role: "authenticated", email: "bench-admin@example.com" };

/** withViewer, as the app does it: one transaction, role + claims, then the query function. */
function asAdmin(db, fn) {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(ADMIN)}, true)`.execute(
      tx,
    );
    return fn(tx);
  });
}

const lastPage = Math.ceil(ROWS / 10);
const deepPage = Math.min(5000, lastPage);
const CASES = [
  ["orders: page 1", (tx) => listOrdersAdmin(tx, { q: "", page: 1 })],
  ["orders: search", (tx) => listOrdersAdmin(tx, { q: "kunde4242", page: 1 })],
  [`orders: page ${deepPage}`, (tx) => listOrdersAdmin(tx, { q: "", page: deepPage })],
  ["newsletter: page 1", (tx) => listSubscribersAdmin(tx, { q: "", page: 1 })],
  ["newsletter: search", (tx) => listSubscribersAdmin(tx, { q: "abo777", page: 1 })],
  [`newsletter: page ${deepPage}`, (tx) => listSubscribersAdmin(tx, { q: "", page: deepPage })],
];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function explainAll(engine, db, captured) {
  for (const [name, fn] of CASES) {
    captured.length = 0;
    await asAdmin(db, fn);
    for (const query of captured.filter((q) => /^select/i.test(q.sql.trim()) && !q.sql.includes("set_config"))) {
      const { rows } = await asAdmin(db, (tx) =>
        sql
          .raw(
            `explain analyze ${query.sql.replace(/\$(\d+)/g, (_, i) => `'${String(query.parameters[i - 1]).replace(/'/g, "''")}'`)}`,
          )
          .execute(tx),
      );
      console.error(`\n--- ${engine} ${name}\n${query.sql}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
}

async function measure(engine, db, captured) {
  if (explain) await explainAll(engine, db, captured);
  const results = [];
  for (const [name, fn] of CASES) {
    const check = await asAdmin(db, fn);
    if (check.rows.length === 0 || check.total === 0)
      throw new Error(`${engine} ${name}: no rows (RLS or seed problem)`);
    for (let i = 0; i < WARMUP; i++) await asAdmin(db, fn);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await asAdmin(db, fn);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({
      engine,
      case: name,
      total: check.total,
      p50: pct(times, 50),
      p95: pct(times, 95),
      max: times[times.length - 1],
    });
  }
  return results;
}

/** Migrates and seeds one engine through `exec`, then measures every case through a Kysely on `dialect`. */
async function seedAndMeasure(engine, exec, dialect) {
  const t0 = performance.now();
  await migrate(exec);
  await exec(SEED(ROWS));
  await exec("vacuum analyze");
  console.error(`${engine}: migrated and seeded ${ROWS} + ${ROWS} rows in ${Math.round(performance.now() - t0)} ms`);
  const captured = [];
  const db = new Kysely({ dialect, log: (e) => captured.push(e.query) });
  return measure(engine, db, captured);
}

async function benchPGlite() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create({ extensions: { pg_trgm }, parsers: { 1700: (v) => Number(v) } });
  try {
    return await seedAndMeasure("PGlite", (s) => pglite.exec(s), new PGliteDialect({ pglite }));
  } finally {
    await pglite.close();
  }
}

async function benchPostgres() {
  const postgres = await startThrowawayPostgres({ port: Number(process.env.BENCH_PG_PORT) || undefined });
  const pg = (await import("pg")).default;
  pg.types.setTypeParser(1700, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  try {
    return await seedAndMeasure("PostgreSQL 15", (s) => pool.query(s), new PostgresDialect({ pool }));
  } finally {
    await pool.end();
    await postgres.stop();
  }
}

const all = [];
if (!engineArg || engineArg === "pglite") all.push(...(await benchPGlite()));
if (!engineArg || engineArg === "postgres") all.push(...(await benchPostgres()));

const fmt = (n) => n.toFixed(1).padStart(7);
console.log(
  `\nAdmin lists, ${ROWS.toLocaleString("en")} orders + ${ROWS.toLocaleString("en")} subscribers, ${RUNS} runs each (count + page of 10, as admin viewer)\n`,
);
console.log(
  `${"engine".padEnd(14)} ${"case".padEnd(22)} ${"matches".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"max ms".padStart(7)}`,
);
for (const r of all) {
  console.log(
    `${r.engine.padEnd(14)} ${r.case.padEnd(22)} ${String(r.total).padStart(8)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)}`,
  );
}
const pgOver = all.filter((r) => r.engine === "PostgreSQL 15" && r.p95 >= 50);
if (pgOver.length > 0) {
  console.log(`\nOver the 50 ms PostgreSQL target: ${pgOver.map((r) => r.case).join(", ")}`);
  process.exitCode = 1;
}
