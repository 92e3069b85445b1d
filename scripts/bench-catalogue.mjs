// npm run bench (third part): a big catalogue (issue 31). Per engine three shops are started on
// their own databases with 20, 2,000 and 10,000 products (the demo data plus generated ones); the
// 20 and 2,000 shops take turns in slices of 5 s (so a slow spell on the shared machine hits both)
// for `/products` (anonymous: the page cache; signed in: rendered), page 2 and a product page, and
// the table gives p95 of the big catalogue against the small one (target ≤ 1.5×). The memory of
// the catalogue snapshot is the RSS difference, after every list and a product page were served,
// between the 10,000 and the 20 product shops.
//
//   BENCH_SECONDS=5 node scripts/bench-catalogue.mjs    a quick trial (default 10 s per row)
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { rssMb, signInViaHook, startAppServer } from "./lib/app-server.mjs";
import { startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";
import { runLoad, summarizeRuns } from "./bench/ssr-load.mjs";
import { loadLine, machineLine } from "./bench/report.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SLICE = 5;
const CONNECTIONS = 16;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const SEEDED = 8;
const PRODUCT_ID = "b0000000-0000-4000-8000-000000000001";

if (!existsSync(`${BUILD_DIR}/server/index.js`)) execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });

const fill = (count) => `
  insert into public.products (title, category, image_url, price, vat_rate, shipped, description)
  select 'Bench-Produkt ' || g, 'Bench', '/images/catalog/buch.svg', 9.9 + (g % 50), 19, true,
         'Ein Produkt für die Messung mit einem kurzen Text, wie ihn ein echter Katalog hat.'
  from generate_series(1, ${count - SEEDED}) g`;

/** A shop with `count` products: started once (migrations, demo data), filled, started again. */
async function shopWith(engine, count, workDir, postgres) {
  let env;
  if (engine === "postgres") {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database catalogue_${count}`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/catalogue_${count}`;
    env = { DATABASE_URL: url.href };
  } else {
    env = { DATA_DIR: path.join(workDir, `data-${count}`) };
  }
  const start = () => startAppServer({ env, stdio: "pipe", timeoutMs: 180_000 });
  await (await start()).stop();
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(fill(count));
    await client.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create({ dataDir: env.DATA_DIR, extensions: { pg_trgm } });
    await db.exec(fill(count));
    await db.close();
  }
  return start();
}

/** Every list and a product page once, so the catalogue snapshot is loaded. */
async function warm(server) {
  for (const p of ["/products", "/events", "/courses", `/products/${PRODUCT_ID}`]) {
    const response = await fetch(server.base + p);
    if (response.status !== 200) throw new Error(`${p}: ${response.status}`);
    await response.arrayBuffer();
  }
}

async function benchEngine(engine) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), `behappy-catalogue-${engine}-`));
  const postgres = engine === "postgres" ? await startThrowawayPostgres() : null;
  const servers = [];
  try {
    const small = await shopWith(engine, 20, workDir, postgres);
    servers.push(small);
    const big = await shopWith(engine, 2000, workDir, postgres);
    servers.push(big);
    const huge = await shopWith(engine, 10000, workDir, postgres);
    servers.push(huge);
    for (const server of servers) await warm(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memory = { small: rssMb(small.pid), huge: rssMb(huge.pid) };
    await huge.stop();

    const member = async (server) => ({
      Cookie: await signInViaHook(server.base, `katalog-${Date.now()}@example.com`),
    });
    const headers = { small: await member(small), big: await member(big) };
    const pages = [
      { label: "/products (anonymous, page cache)", path: "/products", signedIn: false },
      { label: "/products (signed in)", path: "/products", signedIn: true },
      // The last page: 84 of the big catalogue (the small one has one page).
      { label: "/products, last page (signed in)", path: "last", signedIn: true },
      { label: "/products/:id (signed in)", path: `/products/${PRODUCT_ID}`, signedIn: true },
    ];
    const lastPage = { small: "/products", big: `/products?seite=${Math.ceil(2000 / 24)}` };
    const rows = [];
    for (const page of pages) {
      const runs = { small: [], big: [] };
      for (let done = 0; done < SECONDS; done += SLICE) {
        for (const [name, server] of [
          ["small", small],
          ["big", big],
        ]) {
          runs[name].push(
            await runLoad({
              url: server.base + (page.path === "last" ? lastPage[name] : page.path),
              headers: page.signedIn ? headers[name] : {},
              connections: CONNECTIONS,
              seconds: Math.min(SLICE, SECONDS - done),
              pid: server.pid,
            }),
          );
        }
      }
      rows.push({ label: page.label, small: summarizeRuns(runs.small), big: summarizeRuns(runs.big) });
    }
    return { rows, memory };
  } finally {
    for (const server of servers) await server.stop();
    await postgres?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

function print(title, { rows, memory }) {
  console.log(`## ${title}: a big catalogue\n`);
  console.log(`${loadLine()} (at the end of this engine's run)\n`);
  console.log("| page | 20 products: req/s, p95 | 2,000 products: req/s, p95 | p95 ratio (target ≤ 1.5) | errors |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.small.rps.toFixed(0)}, ${r.small.p95.toFixed(1)} ms | ${r.big.rps.toFixed(0)}, ${r.big.p95.toFixed(1)} ms | ${(r.big.p95 / r.small.p95).toFixed(2)} | ${r.small.errors + r.big.errors} |`,
    );
  }
  console.log(
    `\nCatalogue snapshot for 10,000 products: ${Math.round(memory.huge - memory.small)} MB (RSS ${Math.round(memory.huge)} MB against ${Math.round(memory.small)} MB with 20, each after serving every list and a product page).\n`,
  );
}

console.log(`# BeHappy benchmark: a big catalogue — ${new Date().toISOString()}\n`);
console.log(
  `command: \`${process.env.BENCH_SECONDS ? `BENCH_SECONDS=${SECONDS} ` : ""}node scripts/bench-catalogue.mjs\``,
);
console.log(machineLine());
console.log(`load: autocannon, ${CONNECTIONS} connections × ${SECONDS} s per page and shop, in ${SLICE} s turns\n`);
print("Embedded PGlite", await benchEngine("pglite"));
print("PostgreSQL 15", await benchEngine("postgres"));
