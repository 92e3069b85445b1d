// Lighthouse (mobile preset, the CLI's defaults) against the production build, shared by the proof
// test (tests/proof/lighthouse.test.ts: what does not depend on the host's speed) and the benchmark
// (scripts/bench-lighthouse.mjs: the performance score and its timings). Offline: Chromium starts
// with its background networking off, and the shop's pages load nothing from outside.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer } from "./app-server.mjs";
import { freePort } from "./throwaway-postgres.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The app (embedded database, fresh data) and a headless Chromium for Lighthouse. */
export async function startLighthouseRig({ buildDir = "build" } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const port = await freePort();
  // PUBLIC_URL is the site's own address, as in any deployment (canonical links, sitemap).
  const server = await startAppServer({
    port,
    env: { DATA_DIR: dataDir, BUILD_DIR: buildDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: "pipe",
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox", // CI runs as root
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return {
    base: server.base,
    port: chrome.port,
    async stop() {
      chrome.kill();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Busy and total CPU time of all cores since boot (/proc/stat's first line), in clock ticks. */
function cpuTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most 60 s) until the machine is idle: less than 15 % of its CPU time busy over one
 * second. Simulated throttling scales the main-thread time Lighthouse observes, so work left over
 * from whatever ran just before shows up as the page's Total Blocking Time. Returns what it saw.
 */
export async function settle() {
  const started = performance.now();
  let share = 1;
  while (performance.now() - started < 60_000) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = cpuTicks();
    share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < 0.15) break;
  }
  return `CPU ${Math.round(share * 100)} % busy after ${Math.round((performance.now() - started) / 1000)} s of waiting`;
}

/**
 * One Lighthouse run. A failed trace recording (runtimeError such as NO_NAVSTART, "Please run
 * Lighthouse again") is a fault of the tool, not a result: it is retried, at most twice.
 */
export async function auditOnce(rig, url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: rig.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 60_000,
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed three times on ${url}: ${runtimeError.message}`);
    console.log(`${url}: Lighthouse run failed (${runtimeError.code}), running it again`);
  }
}

/**
 * `runs` audits of one page after a warm-up and an idle machine; returns every run and the median
 * run by performance score (Lighthouse's own advice on variability: five runs, take the median).
 */
export async function auditPage(rig, path, runs = 5) {
  const url = `${rig.base}${path}`;
  // The very first render after start-up (JIT, database caches) is not what a visitor of a running
  // site waits for, and Lighthouse's simulation scales the observed server time.
  for (let i = 0; i < 2; i++) await (await fetch(url)).text();
  const idle = await settle();
  const all = [];
  for (let run = 0; run < runs; run++) all.push(await auditOnce(rig, url));
  const sorted = [...all].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  return { url, idle, runs: all, median: sorted[Math.floor(runs / 2)] };
}

/** The figures of one run, rounded as Lighthouse shows them. */
export function figures(lhr) {
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    performance: lhr.categories.performance?.score ?? null,
    fcpMs: ms("first-contentful-paint"),
    lcpMs: ms("largest-contentful-paint"),
    tbtMs: ms("total-blocking-time"),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    domElements: ms("dom-size"),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}
