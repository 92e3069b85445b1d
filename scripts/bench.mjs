// npm run bench: the figures of BENCHMARKS.md, printed as paste-ready markdown. Starts the
// production build on the embedded database (PGlite) and on a throwaway PostgreSQL 15, and per
// engine measures: start-up to the first 200 (first start with migrations + seed, then a restart on
// the same data), RSS idle and at peak, SSR throughput and p50/p95/p99 of `/`, `/products`, a product
// page and `/cart` (signed cart cookie) next to two floors measured in the same run — a bare React
// Router route rendering the same markup from constants, and a static server sending the same
// bytes (scripts/bench/floors.mjs) — and checkout throughput with lost / doubled order counts.
//
//   npm run bench                      20 s per measurement (the recorded figures)
//   BENCH_SECONDS=5 npm run bench      a quick trial; BUILD_DIR picks the build (default build)
//   BENCH_ENGINES=pglite npm run bench one engine only (a trial; the record has both)
//   BENCH_PAGES=signed npm run bench   only the pages whose label contains a word of the list (a trial)
//
// Loopback only; every loop is bounded in time; every process started here is stopped here.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rssMb, startAppServer } from "./lib/app-server.mjs";
import { startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";
import { checkoutFigures, countOrders, measureCheckout } from "./bench/checkout.mjs";
import { measurePages, SSR_CONNECTIONS } from "./bench/pages.mjs";
import { printEngine, printHeader } from "./bench/report.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CHECKOUT_CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 24);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

if (!existsSync(`${BUILD_DIR}/server/index.js`)) execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });

/** The app with its output kept (shown if it fails), on the given database (slow starts on a busy machine). */
const startApp = (env) => startAppServer({ env, stdio: "pipe", timeoutMs: 180_000 });

async function benchEngine(engine) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), `behappy-bench-${engine}-`));
  const postgres = engine === "postgres" ? await startThrowawayPostgres() : null;
  const dataDir = path.join(workDir, "data");
  const env = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir };
  try {
    const first = await startApp(env);
    await first.stop();
    const server = await startApp(env);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idleRss = rssMb(server.pid);
      const pages = await measurePages(server, workDir, SECONDS);
      const checkout = await measureCheckout(server.base, engine, CHECKOUT_CLIENTS, SECONDS);
      await server.stop();
      const counted = await countOrders(engine, postgres ? postgres.url : dataDir, [...new Set(checkout.confirmed)]);
      return {
        firstStartMs: first.startupMs,
        restartMs: server.startupMs,
        idleRss,
        peakRss: pages.peakRss,
        pages: pages.rows,
        checkout: checkoutFigures(checkout, counted, SECONDS),
      };
    } catch (error) {
      process.stderr.write(server.output());
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

printHeader({
  seconds: SECONDS,
  connections: SSR_CONNECTIONS,
  checkoutClients: CHECKOUT_CLIENTS,
  command: `${process.env.BENCH_SECONDS ? `BENCH_SECONDS=${SECONDS} ` : ""}${process.env.BENCH_ENGINES ? `BENCH_ENGINES=${process.env.BENCH_ENGINES} ` : ""}${process.env.BENCH_PAGES ? `BENCH_PAGES=${process.env.BENCH_PAGES} ` : ""}npm run bench`,
});
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
if (engines.includes("pglite")) printEngine("Embedded PGlite", await benchEngine("pglite"));
if (engines.includes("postgres")) printEngine("PostgreSQL 15", await benchEngine("postgres"));
