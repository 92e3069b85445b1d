import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// A big catalogue (issue 31): its own server start on a new database, so the 45 products its spec
// adds never reach the main suite's lists. Same ports and folders as playwright.config.ts (run one
// after the other): `npx playwright test --config playwright.catalogue.config.ts`.
export default defineConfig({
  ...base,
  testDir: "tests/e2e-catalogue",
  // One spec that fills the catalogue first: its tests run in order, in one worker.
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-catalogue.json" }]],
});
