// npm run bench (third part): Lighthouse's performance score per page, the median run of five, as
// paste-ready markdown for BENCHMARKS.md. The score is Total Blocking Time, FCP, LCP, Speed Index and
// CLS under simulated throttling (slow 4G, the observed CPU time × 4), so it moves with the host's
// speed: each row prints Lighthouse's benchmark index of the machine next to it. Target (issue 31):
// 1.0 with LCP ≤ 1.2 s and TBT ≤ 150 ms. The host-independent checks are tests/proof/lighthouse.test.ts.
//
// A second table puts each page's TBT next to its floor, runs interleaved: the same bytes (document,
// scripts, sheet, images) from a static server. The public pages audited here carry no
// Cross-Origin-Opener-Policy (decision 0028), the one header that changed the measurement.
//
//   npm run bench                           all three parts
//   node scripts/bench-lighthouse.mjs       this part only; LIGHTHOUSE_RUNS (default 5), BUILD_DIR
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStaticFloor } from "./bench/floors.mjs";
import { auditOnce, auditPage, figures, settle, startLighthouseRig } from "./lib/lighthouse.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PRODUCT = "b0000000-0000-4000-8000-000000000001";
const PAGES = ["/", "/products", `/products/${PRODUCT}`];

if (!existsSync(`${BUILD_DIR}/server/index.js`)) execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });

const rig = await startLighthouseRig({ buildDir: BUILD_DIR });
try {
  console.log(`\n### Lighthouse mobile, median run of ${RUNS} (${new Date().toISOString().slice(0, 16)} UTC)\n`);
  console.log("| page | performance | per run | FCP | LCP | TBT (per run) | CLS | elements | benchmark index |");
  console.log("|---|---:|---|---:|---:|---|---:|---:|---:|");
  for (const path of PAGES) {
    const { runs, median } = await auditPage(rig, path, RUNS);
    const m = figures(median);
    const all = runs.map(figures);
    console.log(
      `| \`${path.replace(PRODUCT, "{id}")}\` | ${m.performance} | ${all.map((r) => r.performance).join(", ")} | ` +
        `${m.fcpMs} ms | ${m.lcpMs} ms | ${m.tbtMs} ms (${all.map((r) => r.tbtMs).join(", ")}) | ${m.cls} | ` +
        `${m.domElements} | ${all.map((r) => r.benchmarkIndex).join(", ")} |`,
    );
  }
  await floorTable();
} finally {
  await rig.stop();
}

/** TBT of each page against the same bytes from a static server, interleaved. */
async function floorTable() {
  const workDir = mkdtempSync(join(tmpdir(), "lighthouse-floor-"));
  const captured = {};
  for (const path of PAGES) captured[path] = { html: await (await fetch(rig.base + path)).text() };
  const assetsDir = join(BUILD_DIR, "client");
  const bare = await startStaticFloor(captured, workDir, { assetsDir });
  try {
    console.log(`\nTotal Blocking Time against its floor, median of ${RUNS} (runs interleaved; ${await settle()}):\n`);
    console.log("| page | app | same bytes, static server |");
    console.log("|---|---|---|");
    for (const path of PAGES) {
      const tbt = { app: [], bare: [] };
      for (let run = 0; run < RUNS; run++)
        for (const [key, base] of [
          ["app", rig.base],
          ["bare", bare.base],
        ])
          tbt[key].push(figures(await auditOnce(rig, base + path)).tbtMs);
      const cell = (runs) => `${[...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]} ms (${runs.join(", ")})`;
      console.log(`| \`${path.replace(PRODUCT, "{id}")}\` | ${cell(tbt.app)} | ${cell(tbt.bare)} |`);
    }
  } finally {
    await bare.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
