// Paste-ready markdown for BENCHMARKS.md.
import { execFileSync } from "node:child_process";
import os from "node:os";

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "–");
const rps = (v) => v.toFixed(0);
const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : "–");

export function machineLine() {
  let nproc = String(os.cpus().length);
  try {
    nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    // no coreutils: the count os.cpus() sees
  }
  const model = os.cpus()[0]?.model?.trim() ?? "unknown CPU";
  return `machine: nproc ${nproc}, ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export function printHeader({ seconds, connections, checkoutClients, command }) {
  console.log(`# BeHappy benchmark — ${new Date().toISOString()}\n`);
  console.log(`command: \`${command}\``);
  console.log(machineLine());
  console.log(loadLine());
  console.log(
    `load: autocannon, ${connections} connections × ${seconds} s per page and server; checkout: ${checkoutClients} clients × ${seconds} s\n`,
  );
}

/** One engine's section: start-up, memory, the SSR table with both floors, checkout. */
export const loadLine = () =>
  `load average (1/5/15 min): ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" / ")} on ${os.cpus().length} CPUs`;

export function printEngine(title, r) {
  console.log(`## ${title}\n`);
  console.log(`${loadLine()} (at the end of this engine's run)  `);
  console.log(
    `start-up to first 200: first start (migrations + seed) ${r.firstStartMs} ms, restart on the existing data ${r.restartMs} ms  `,
  );
  console.log(`memory (RSS of the app): idle ${r.idleRss} MB, peak under page load ${r.peakRss} MB\n`);
  console.log(
    "| page | server | req/s | p50 | p95 | p99 | errors | CPU ms/req | app ÷ this (req/s) | this ÷ app (CPU/req) |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of r.pages) {
    const line = (label, m) => {
      const vs =
        label === "app" ? ["", ""] : [ratio(row.app.rps, m.rps), ratio(m.cpuMsPerRequest, row.app.cpuMsPerRequest)];
      const cells = [
        label === "app" ? `\`${row.page}\`` : "",
        label,
        rps(m.rps),
        ms(m.p50),
        ms(m.p95),
        ms(m.p99),
        m.errors,
        m.cpuMsPerRequest.toFixed(2),
        ...vs,
      ];
      console.log(`| ${cells.join(" | ")} |`);
    };
    line("app", row.app);
    if (row.appBrotli) line("app, br", row.appBrotli);
    line("bare route", row.bare);
    line("RR constant", row.framework);
    line("static", row.static);
    if (row.staticBrotli) line("static, br per answer", row.staticBrotli);
  }
  // CPU per request is the figure that hardly depends on the machine's load.
  const target = (page, floor, factor) => {
    const row = r.pages.find((p) => p.page === page);
    if (!row) return;
    const share = row.app.rps / row[floor].rps;
    const cpuShare = row[floor].cpuMsPerRequest / row.app.cpuMsPerRequest;
    const name = { bare: "bare route", framework: "RR constant" }[floor] ?? floor;
    console.log(
      `target \`${page}\` ≥ ${factor} × ${name}: ${share.toFixed(2)} by req/s — ${share >= factor ? "met" : "NOT met"}; ${cpuShare.toFixed(2)} by server CPU per request — ${cpuShare >= factor ? "met" : "NOT met"}  `,
    );
  };
  console.log("");
  // Issue 31: anonymous pages (and a visitor's with a cart) against the static server of the same
  // bytes; members' against React Router answering the same bytes.
  for (const page of ["/", "/products", "/products/:id", "/products (cart cookie)"]) target(page, "static", 0.5);
  for (const page of ["/", "/products", "/products/:id", "/cart"]) target(`${page} (signed in)`, "framework", 0.4);
  target("/dashboard (signed in)", "framework", 0.25);
  // Members with `br`: the extra server CPU per answer at most one brotli-4 compression of its bytes,
  // as the static floor pays it per answer under the same load (a warm loop here is cheaper still).
  for (const row of r.pages.filter((p) => p.appBrotli)) {
    const extra = row.appBrotli.cpuMsPerRequest - row.app.cpuMsPerRequest;
    const allowed = row.staticBrotli.cpuMsPerRequest - row.static.cpuMsPerRequest;
    console.log(
      `target \`${row.page}\` with br: ${extra.toFixed(2)} ms CPU per request over no compression; one compression of its ${(row.bytes / 1024).toFixed(0)} KB per answer costs the static floor ${allowed.toFixed(2)} ms (${row.brotliMs.toFixed(2)} ms in a warm loop) — ${extra <= allowed ? "met" : "NOT met"}  `,
    );
  }
  const anonymous = r.pages.filter((p) => !/\(/.test(p.page));
  const worst = Math.max(...anonymous.map((p) => p.app.p95));
  if (anonymous.length > 0)
    console.log(
      `target p95 of anonymous pages < 20 ms at 16 connections: worst ${ms(worst)} — ${worst < 20 ? "met" : "NOT met"}  `,
    );
  const differing = r.pages.filter((row) => !row.identical).map((row) => row.page);
  console.log(
    differing.length === 0
      ? "bare route markup: identical to the app's for every page (apart from the CSP nonce)  \n"
      : `bare route markup DIFFERS from the app's for: ${differing.join(", ")}\n`,
  );
  const c = r.checkout;
  console.log(
    `checkout: ${c.ordersPerSecond.toFixed(1)} orders/s (${c.confirmed} confirmed, ${c.inDatabase} in the database, lost ${c.lost}, doubled ${c.doubled}, wrong totals ${c.badTotals}, errors ${c.errors}); per checkout (3 requests) p50 ${ms(c.p50)}, p95 ${ms(c.p95)}\n`,
  );
}
