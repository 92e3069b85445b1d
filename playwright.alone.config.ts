import { defineConfig } from "@playwright/test";
import base, { fullBrowser } from "./playwright.config";

// Specs that need the shop to themselves: its own server start on a new database, one test at a
// time. The big catalogue (45 products added would reach the main suite's lists), the sales
// overview (its figures move when other tests pay or cancel orders) and the page-cache hits (any
// other test's catalogue write or booking retires every stored page). Same ports and folders as
// playwright.config.ts (run one after the other): `npx playwright test --config playwright.alone.config.ts`.
export default defineConfig({
  ...base,
  testDir: "tests/e2e-alone",
  // In order, in one worker: nothing else changes the shop meanwhile.
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-alone.json" }]],
  // The browser, not its headless shell: the CSP report specs need the Reporting API's delivery.
  projects: base.projects?.map((project) => ({ ...project, use: { ...project.use, launchOptions: fullBrowser } })),
});
