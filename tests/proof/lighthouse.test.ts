// Lighthouse (mobile preset, simulated throttling) on the home page, the product list and a
// product detail: performance 1.0 with LCP at most 1.5 s and no layout shift,
// accessibility, best practices and SEO each at least 0.95, in the median of five runs. Runs
// offline: the app's pages load nothing from outside the loopback origin, and Chromium is started
// with its background networking switched off.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freePort } from "../../scripts/lib/throwaway-postgres.mjs";
import { SEEDED } from "./support/quality/public-pages";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const MIN_SCORE = 0.95;
const PERFORMANCE = 1;
const MAX_LCP_MS = 1500;
const PAGES = ["/", "/products", `/products/${SEEDED.product}`];
const RUNS = 5;
const PER_PAGE_TIMEOUT_MS = 300_000;
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

let server: AppServer;
let chrome: chromeLauncher.LaunchedChrome;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proof-lighthouse-"));
  const port = await freePort();
  // PUBLIC_URL is the site's own address, as in any deployment (canonical links, sitemap).
  server = await startAppServer({
    port,
    env: { DATA_DIR: dataDir, BUILD_DIR, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: "pipe",
  });
  chrome = await chromeLauncher.launch({
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
});

afterAll(async () => {
  chrome?.kill();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Busy and total CPU time of all cores since boot (/proc/stat's first line), in clock ticks. */
function cpuTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most 60 s) until the machine is idle: less than 15 % of its CPU time busy over one
 * second. Lighthouse's simulated throttling scales the main-thread time it observes, so work left
 * over from the suite's load tests just before (a server still stopping, a database flushing) shows
 * up as Total Blocking Time of the page. The wait measures the page, not the machine's past; it
 * prints what it saw.
 */
async function settle(): Promise<string> {
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
 * Lighthouse again") is a fault of the tool, not a score: it is retried, at most twice, and
 * printed. A page that keeps failing still fails the test.
 */
async function audit(url: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: 60_000,
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { runtimeError } = result.lhr;
    if (!runtimeError || attempt === 3) {
      expect(runtimeError, runtimeError?.message).toBeUndefined();
      return result.lhr;
    }
    console.log(`${url}: Lighthouse run failed (${runtimeError.code}), running it again`);
  }
}

describe("Lighthouse (mobile)", () => {
  for (const path of PAGES) {
    it(
      `${path}: performance ${PERFORMANCE} (LCP ≤ ${MAX_LCP_MS} ms, CLS 0), every other category at least ${MIN_SCORE}`,
      async () => {
        const url = `${server.base}${path}`;
        // Warm the server first: the very first render after start-up (JIT, database caches) is
        // not what a visitor of a running site waits for, and Lighthouse's simulation scales
        // the observed server time.
        for (let i = 0; i < 2; i++) await (await fetch(url)).text();
        console.log(`${path}: ${await settle()}`);
        // Lighthouse's own advice on variability: run it several times (five here) and take the median run
        // (by performance score), since simulated throttling scales the CPU time it observed.
        const runs: LighthouseResult[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await audit(url));
        const byPerformance = [...runs].sort(
          (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
        );
        const lhr = byPerformance[Math.floor(RUNS / 2)];
        console.log(
          `${path}: performance per run ${runs.map((r) => r.categories.performance?.score).join(", ")}; median run:`,
        );
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]));
        // What pulled a category down: failing audits that carry weight.
        const failing = CATEGORIES.flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${id}/${ref.id}: ${lhr.audits[ref.id].score} ${lhr.audits[ref.id].displayValue ?? ""}`),
        );
        // Requests that left the loopback origin (there must be none: no internet here, and none needed).
        const requests =
          (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
        const external = requests.map((r) => r.url).filter((u) => /^https?:/.test(u) && !u.startsWith(server.base));
        console.log(
          `${path}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", ")} ` +
            `(FCP ${lhr.audits["first-contentful-paint"]?.displayValue}, LCP ${lhr.audits["largest-contentful-paint"]?.displayValue}, ` +
            `TBT ${lhr.audits["total-blocking-time"]?.displayValue}, CLS ${lhr.audits["cumulative-layout-shift"]?.displayValue})` +
            (failing.length ? `\n  ${failing.join("\n  ")}` : ""),
        );
        expect(external).toEqual([]);
        for (const id of CATEGORIES) expect(scores[id], `${path} ${id}`).toBeGreaterThanOrEqual(MIN_SCORE);
        expect(scores.performance, `${path} performance`).toBe(PERFORMANCE);
        expect(lhr.audits["largest-contentful-paint"]?.numericValue, `${path} LCP (ms)`).toBeLessThanOrEqual(
          MAX_LCP_MS,
        );
        expect(lhr.audits["cumulative-layout-shift"]?.numericValue, `${path} CLS`).toBe(0);
      },
      PER_PAGE_TIMEOUT_MS,
    );
  }
});
