// Adds up what Vitest and Playwright ran and prints one closing line: "N passed, N failed",
// followed by each failed test and the first line of its error, so a CI log's tail names them.
import { readFileSync } from "node:fs";

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

const firstLine = (text = "") =>
  text
    // eslint-disable-next-line no-control-regex -- strip terminal colour codes from error text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 600) ?? "";

/**
 * The test's own frames of an error's stack ("fixtures.ts:58 ← event-seats.spec.ts:226"), so a log
 * that keeps only its tail still names the step that failed.
 */
const testFrames = (stack = "") => {
  const frames = [...stack.matchAll(/\/tests\/(?:[\w-]+\/)*([\w.-]+\.ts):(\d+):\d+/g)].map(
    ([, file, line]) => `${file}:${line}`,
  );
  return frames.length ? ` (${frames.slice(0, 4).join(" ← ")})` : "";
};

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

for (const file of ["test-results/vitest.json", "test-results/vitest-proof.json"]) {
  const vitest = read(file);
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  for (const suite of vitest.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === "failed") {
        failures.push(
          `${suite.name.replace(process.cwd() + "/", "")} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
      }
    }
  }
}

const walk = (suite, titles, visit) => {
  for (const spec of suite.specs ?? []) visit(spec, [...titles, spec.title]);
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean), visit);
};

for (const file of ["test-results/e2e.json", "test-results/e2e-shipping.json", "test-results/e2e-alone.json"]) {
  const e2e = read(file);
  if (!e2e) continue;
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  for (const suite of e2e.suites ?? []) {
    walk(suite, [suite.title], (spec, titles) => {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const where = testFrames(last?.error?.stack);
        failures.push(`[${test.projectName}] ${titles.join(" > ")}${where}: ${firstLine(last?.error?.message)}`);
      }
    });
  }
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
for (const failure of failures) console.log(`  failed: ${failure}`);
