// Main-thread time of one page load in Chromium, builds side by side (runs interleaved):
//   BUILDS=build,build-b node scripts/bench/main-thread.mjs [/products] [runs=9]
//   JS=0 …: with JavaScript off. BLOCK_IMAGES=1 …: every /images/ request aborted.
// Prints the median of Chromium's own counters (Performance.getMetrics) after the load and 1.5 s
// more: layout, style, script and all task time, unthrottled, at a phone's width. Steadier than
// Lighthouse's Total Blocking Time for comparing two builds on a noisy host (BENCHMARKS.md, stop 48).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";
import { startAppServer } from "../lib/app-server.mjs";

const [path = "/products", runs = "9"] = process.argv.slice(2);
const builds = (process.env.BUILDS ?? "build").split(",");
const servers = [];
for (const buildDir of builds) {
  servers.push(
    await startAppServer({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), "main-thread-")), BUILD_DIR: buildDir } }),
  );
}
try {
  for (const server of servers) for (let i = 0; i < 3; i++) await (await fetch(server.base + path)).text();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const samples = builds.map(() => []);
  for (let run = 0; run < Number(runs); run++) {
    for (const [i, server] of servers.entries()) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        javaScriptEnabled: process.env.JS !== "0",
      });
      const page = await context.newPage();
      if (process.env.BLOCK_IMAGES) await page.route(/\/images\//, (route) => route.abort());
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await page.goto(server.base + path, { waitUntil: "load" });
      await page.waitForTimeout(1500);
      const { metrics } = await cdp.send("Performance.getMetrics");
      const value = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value * 1000]));
      samples[i].push([value.LayoutDuration, value.RecalcStyleDuration, value.ScriptDuration, value.TaskDuration]);
      await context.close();
    }
  }
  await browser.close();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [i, build] of builds.entries()) {
    const figures = ["layout", "style", "script", "task"].map(
      (name, k) => `${name} ${median(samples[i].map((s) => s[k])).toFixed(1)} ms`,
    );
    console.log(`${path} ${build.padEnd(12)} ${figures.join("  ")}`);
  }
} finally {
  for (const server of servers) await server.stop();
}
