// npm run bench: figures for BENCHMARKS.md. Starts the production build on the embedded database
// and on a throwaway PostgreSQL 15, then measures start-up, SSR throughput/latency of the main
// pages, memory, and checkout throughput with the count of lost or doubled orders.
// Loopback only; every loop is bounded in time. BENCH_SECONDS (default 10) per measurement.
import { spawn, execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { freePort, startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";
import { load } from "./lib/load.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SSR_CONNECTIONS = 16;
const CHECKOUT_CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 24);

if (!existsSync("build/server/index.js")) execSync("npm run build", { stdio: "inherit" });

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("node", ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-1",
      E2E_TEST_HOOKS: "true",
      RATE_LIMIT_MULTIPLIER: "100000",
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startupMs = Math.round(performance.now() - started);
  return {
    base,
    pid: child.pid,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function signIn(base, email) {
  const response = await fetch(`${base}/__e2e/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-123" }),
  });
  if (!response.ok) throw new Error(`sign-in hook: ${response.status}`);
  return cookiesOf(response);
}

const form = (fields) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function firstProductId(base) {
  const html = await (await fetch(`${base}/products`)).text();
  return html.match(/href="\/products\/([0-9a-f-]{36})"/)[1];
}

async function cartCookie(base, productId) {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: FORM,
    body: form({ intent: "add", itemId: productId, itemType: "product", quantity: "2" }),
    redirect: "manual",
  });
  return cookiesOf(response);
}

async function measurePages(server) {
  const productId = await firstProductId(server.base);
  const cart = await cartCookie(server.base, productId);
  const pages = [
    ["/", {}],
    ["/products", {}],
    [`/products/${productId}`, {}],
    ["/cart", { Cookie: cart }],
  ];
  const rows = [];
  let peakRss = 0;
  for (const [path, headers] of pages) {
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 250);
    const result = await load({
      connections: SSR_CONNECTIONS,
      seconds: SECONDS,
      request: async () => {
        const response = await fetch(server.base + path, { headers });
        await response.arrayBuffer();
        return response.status;
      },
    });
    clearInterval(sampler);
    rows.push({ path: path.replace(productId, ":id"), ...result });
  }
  return { rows, peakRss };
}

async function measureCheckout(server, engine) {
  const productId = await firstProductId(server.base);
  const clients = await Promise.all(
    Array.from({ length: CHECKOUT_CLIENTS }, (_, n) => signIn(server.base, `bench-${engine}-${n}-${Date.now()}@example.com`)),
  );
  const confirmed = [];
  const result = await load({
    connections: CHECKOUT_CLIENTS,
    seconds: SECONDS,
    request: async (worker) => {
      const session = clients[worker];
      const added = await fetch(`${server.base}/cart`, {
        method: "POST",
        headers: { ...FORM, Cookie: session },
        body: form({ intent: "add", itemId: productId, itemType: "product", quantity: "1" }),
        redirect: "manual",
      });
      const cookie = `${session}; ${cookiesOf(added)}`;
      const page = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cookie } })).text();
      const token = page.match(/name="checkoutToken" value="([0-9a-f-]{36})"/)?.[1];
      if (!token) return 599;
      const fields = { checkoutToken: token, firstName: "Bench", lastName: "Kunde", email: "bench@example.com", street: "Weg 1", zipcode: "10115", city: "Berlin", country: "Deutschland" };
      const placed = await fetch(`${server.base}/checkout`, { method: "POST", headers: { ...FORM, Cookie: cookie }, body: form(fields), redirect: "manual" });
      const location = placed.headers.get("location") ?? "";
      const id = location.match(/\/order-confirmation\/([0-9a-f-]{36})/)?.[1];
      if (id) confirmed.push(id);
      return id ? 200 : placed.status;
    },
  });
  return { ...result, confirmed };
}

async function countOrders(engine, target) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const { rows } = await client.query(
      "select count(*)::int as orders, count(*) filter (where total_amount <> (select coalesce(sum(i.price * i.quantity), -1) from public.order_items i where i.order_id = o.id))::int as bad_totals from public.orders o where customer_email = 'bench@example.com'",
    );
    await client.end();
    return rows[0];
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ dataDir: target, extensions: { pg_trgm } });
  const { rows } = await db.query(
    "select count(*)::int as orders, count(*) filter (where total_amount <> (select coalesce(sum(i.price * i.quantity), -1) from public.order_items i where i.order_id = o.id))::int as bad_totals from public.orders o where customer_email = 'bench@example.com'",
  );
  await db.close();
  return rows[0];
}

async function benchEngine(engine) {
  const postgres = engine === "postgres" ? await startThrowawayPostgres() : null;
  const dataDir = `.tmp/bench-${process.pid}`;
  await rm(dataDir, { recursive: true, force: true });
  const env = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir };
  try {
    const first = await startServer(env);
    await first.stop();
    const server = await startServer(env);
    await new Promise((r) => setTimeout(r, 500));
    const idleRss = rssMb(server.pid);
    const pages = await measurePages(server);
    const checkout = await measureCheckout(server, engine);
    await server.stop();
    const counted = await countOrders(engine, postgres ? postgres.url : dataDir);
    const unique = new Set(checkout.confirmed).size;
    return {
      engine,
      firstStartMs: first.startupMs,
      restartMs: server.startupMs,
      idleRss,
      peakRss: pages.peakRss,
      pages: pages.rows,
      checkout: {
        ordersPerSecond: checkout.confirmed.length / SECONDS,
        confirmed: checkout.confirmed.length,
        inDatabase: counted.orders,
        lost: Math.max(0, checkout.confirmed.length - counted.orders),
        doubled: Math.max(0, counted.orders - unique) + (checkout.confirmed.length - unique),
        badTotals: counted.bad_totals,
        p50: checkout.p50,
        p95: checkout.p95,
        errors: checkout.errors,
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.stop();
  }
}

const ms = (v) => `${v.toFixed(1)} ms`;
console.log(`# BeHappy benchmark — ${new Date().toISOString()}`);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`load: ${SSR_CONNECTIONS} connections × ${SECONDS} s per page; checkout: ${CHECKOUT_CLIENTS} clients × ${SECONDS} s\n`);
for (const engine of ["pglite", "postgres"]) {
  const r = await benchEngine(engine);
  console.log(`## ${engine === "pglite" ? "Embedded PGlite" : "PostgreSQL 15"}`);
  console.log(`start-up to first 200: first start (migrations + seed) ${r.firstStartMs} ms, restart ${r.restartMs} ms`);
  console.log(`memory (RSS): idle ${r.idleRss} MB, peak under page load ${r.peakRss} MB\n`);
  console.log("| page | req/s | p50 | p95 | p99 | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const p of r.pages) console.log(`| ${p.path} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${p.errors} |`);
  const c = r.checkout;
  console.log(
    `\ncheckout: ${c.ordersPerSecond.toFixed(1)} orders/s (${c.confirmed} confirmed, ${c.inDatabase} in the database, lost ${c.lost}, doubled ${c.doubled}, wrong totals ${c.badTotals}, errors ${c.errors}); per checkout (3 requests) p50 ${ms(c.p50)}, p95 ${ms(c.p95)}\n`,
  );
}
