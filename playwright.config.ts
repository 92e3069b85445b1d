import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The suite's TLS front has a throwaway self-signed certificate (support/tls-front.mjs).
  "--ignore-certificate-errors",
  // Reporting API reports (CSP `report-to`) go out after 100 ms, not after up to a minute.
  "--short-reporting-delay",
];
/**
 * Debian's Chromium (Playwright cannot download its own browsers here), Playwright's own build
 * where it is absent. Two forms of one engine (docs/testing.md):
 * - its headless shell, without the browser's windowing, profile and reporting machinery, which
 *   Playwright itself runs for headless tests: a third less time. The fixtures fail a test on any
 *   CSP violation: an in-page listener with JavaScript, Chromium's console message without;
 * - the browser, which also delivers the Reporting API's CSP reports (the alone suite's report
 *   specs).
 */
const installed = (bin: string) => (existsSync(bin) ? bin : undefined);
const browser = installed("/usr/bin/chromium");
export const fullBrowser = { executablePath: browser, args };
const headlessShell = { executablePath: installed("/usr/bin/chromium-headless-shell") ?? browser, args };

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325);
/** The shop's own plain-http port behind the TLS front on E2E_PORT; what Node-side helpers call. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? E2E_PORT + 50);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
// Parallel runs on one machine (several developers' checks) keep apart by E2E_PORT.
const RUN_DIR = `.tmp/e2e-${E2E_PORT}`;
export const MAIL_DIR = `${RUN_DIR}/mail`;
/** The TLS front's throwaway certificate and key (support/tls-front.mjs writes them at its start). */
export const TLS_DIR = `${RUN_DIR}/tls`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: `test-results/e2e-${E2E_PORT}`,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON ?? "test-results/e2e.json" }]],
  // The server received no CSP violation report (playwright.alone and .shipping inherit it).
  globalTeardown: "./tests/e2e/support/csp-reports-teardown.ts",
  use: {
    // Over https, as in production: a TLS front (support/tls-front.mjs) before the shop's server.
    baseURL: `https://127.0.0.1:${E2E_PORT}`,
    ignoreHTTPSErrors: true,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    // A failed test keeps its trace: the actions, the DOM at each step, the network and the
    // console. No screencast: its frames kept each browser's compositor busy for every test, a
    // quarter of a core per worker (docs/testing.md).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    launchOptions: headlessShell,
  },
  projects: [
    { name: "js-on", use: devices["Desktop Chrome"] },
    // Behaviour that only exists with JavaScript (carousel timer, auto-submit) lives in *.js-only.spec.ts.
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      testIgnore: /\.js-only\.spec\.ts$/,
    },
    { name: "phone", use: devices["Pixel 7"], grep: /@phone/ },
  ],
  webServer: [
    {
      // A real SMTP server process: the shop delivers every mail to it, tests read what arrived.
      command: `node tests/e2e/support/smtp-capture.mjs`,
      port: SMTP_PORT,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR },
      reuseExistingServer: false,
    },
    {
      // Every run starts on a new embedded database with the demo data.
      command: `rm -rf ${RUN_DIR}/data && node server.mjs`,
      url: `${APP_URL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(APP_PORT),
        DATA_DIR: `${RUN_DIR}/data`,
        SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-123456",
        PUBLIC_URL: `https://127.0.0.1:${E2E_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        E2E_TEST_HOOKS: "true",
        RATE_LIMIT_MULTIPLIER: "100",
        LOG_LEVEL: "warn",
      },
    },
    {
      // https://127.0.0.1:E2E_PORT in front of the shop (a throwaway self-signed certificate).
      command: `node tests/e2e/support/tls-front.mjs`,
      url: `https://127.0.0.1:${E2E_PORT}/healthz`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      env: { TLS_PORT: String(E2E_PORT), APP_PORT: String(APP_PORT), TLS_DIR },
    },
  ],
});
