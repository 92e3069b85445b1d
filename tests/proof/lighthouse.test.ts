// Lighthouse (mobile preset, simulated throttling) on the home page, the product list and a
// product detail: accessibility, best practices and SEO each at least 0.95, no layout shift, LCP at
// most 1.5 s, a bounded DOM, and nothing loaded from outside the loopback origin; median of five runs.
//
// The performance score itself is a benchmark figure, not a pass/fail here (`npm run bench`,
// scripts/bench-lighthouse.mjs, BENCHMARKS.md; decision 0015): it is Total Blocking Time, the
// observed main-thread time times four, and on this CI's shared hosts the same build scored 1.0 and
// 0.98 an hour apart. What drives it and does not depend on the host is held here instead: the DOM
// size (layout and hydration work) and, in client-budgets.test.ts, the bytes of JavaScript and CSS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CATEGORIES,
  auditPage,
  figures,
  startLighthouseRig,
  type LighthouseRig,
} from "../../scripts/lib/lighthouse.mjs";
import { SEEDED } from "./support/quality/public-pages";

const MIN_SCORE = 0.95;
const MAX_LCP_MS = 1500;
/** Elements per page (Lighthouse's dom-size), with some room over what the seeded pages have today. */
const MAX_DOM_ELEMENTS: Record<string, number> = { "/": 950, "/products": 600, [`/products/${SEEDED.product}`]: 450 };
const PAGES = Object.keys(MAX_DOM_ELEMENTS);
const PER_PAGE_TIMEOUT_MS = 300_000;

let rig: LighthouseRig;

beforeAll(async () => {
  rig = await startLighthouseRig({ buildDir: process.env.BUILD_DIR ?? "build" });
});

afterAll(async () => {
  await rig?.stop();
});

describe("Lighthouse (mobile)", () => {
  for (const path of PAGES) {
    it(
      `${path}: LCP ≤ ${MAX_LCP_MS} ms, CLS 0, at most ${MAX_DOM_ELEMENTS[path]} elements, every category but performance at least ${MIN_SCORE}`,
      async () => {
        const { idle, runs, median: lhr } = await auditPage(rig, path);
        const seen = figures(lhr);
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]));
        // What pulled a category down: failing audits that carry weight.
        const failing = CATEGORIES.flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${id}/${ref.id}: ${lhr.audits[ref.id].score} ${lhr.audits[ref.id].displayValue ?? ""}`),
        );
        // What moved in any run, should anything have (Lighthouse's layout-shifts audit: the element
        // and its share), so that a shift names its cause.
        type ShiftItem = { node?: { selector?: string; snippet?: string }; score?: number };
        const shifts = runs.flatMap((run, index) =>
          ((run.audits["layout-shifts"]?.details as { items?: ShiftItem[] } | undefined)?.items ?? []).map(
            (item) =>
              `run ${index + 1}: layout shift ${item.score}: ${item.node?.selector ?? "?"} ` +
              `${item.node?.snippet?.slice(0, 160) ?? ""}`,
          ),
        );
        // Requests that left the loopback origin (there must be none: no internet here, and none needed).
        const requests =
          (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
        const external = requests.map((r) => r.url).filter((u) => /^https?:/.test(u) && !u.startsWith(rig.base));
        console.log(
          `${path}: ${idle}; performance per run ${runs.map((r) => r.categories.performance?.score).join(", ")}; ` +
            `LCP per run ${runs.map((r) => figures(r).lcpMs).join(", ")} ms; ` +
            `CLS per run ${runs.map((r) => figures(r).cls).join(", ")}; median run: ` +
            `${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", ")} (FCP ${seen.fcpMs} ms, LCP ${seen.lcpMs} ms, ` +
            `TBT ${seen.tbtMs} ms, CLS ${seen.cls}, ${seen.domElements} elements, benchmark index ${seen.benchmarkIndex})` +
            (failing.length ? `\n  ${failing.join("\n  ")}` : "") +
            (shifts.length ? `\n  ${shifts.join("\n  ")}` : ""),
        );
        expect(external).toEqual([]);
        for (const id of CATEGORIES.filter((c) => c !== "performance"))
          expect(scores[id], `${path} ${id}`).toBeGreaterThanOrEqual(MIN_SCORE);
        expect(seen.lcpMs, `${path} LCP (ms)`).toBeLessThanOrEqual(MAX_LCP_MS);
        expect(seen.cls, `${path} CLS`).toBe(0);
        expect(seen.domElements, `${path} DOM elements`).toBeLessThanOrEqual(MAX_DOM_ELEMENTS[path]!);
      },
      PER_PAGE_TIMEOUT_MS,
    );
  }
});
