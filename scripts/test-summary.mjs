// Adds up what Vitest and Playwright ran and prints one closing line: "N passed, N failed".
import { readFileSync } from "node:fs";

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ["test-results/vitest.json", "test-results/vitest-proof.json"]) {
  const vitest = read(file);
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
for (const file of ["test-results/e2e.json", "test-results/e2e-shipping.json"]) {
  const e2e = read(file);
  if (!e2e) continue;
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
