import { expect, test, type Page } from "@playwright/test";
import { cspReports, PROBE_ORIGIN } from "../e2e/support/csp-reports";

/**
 * The CSP's `report-to`: a script the server did not render (no nonce, no hash) is refused, and
 * Chromium reports it through the Reporting API to the `Reporting-Endpoints` endpoint, POST
 * /csp-report, on a rendered page (nonce) and on a page-cache hit (hashes) alike. The suite reaches
 * the shop over https (support/tls-front.mjs), as visitors do; over plain http Chromium sends no
 * Reporting API report, so the shop names `report-to` only when PUBLIC_URL is https (decision 0021). The probe's scripts come from PROBE_ORIGIN (never fetched: the CSP refuses them
 * first), which tells its reports apart; the suite's end check (support/csp-reports-teardown.ts)
 * leaves out exactly those. Plain Playwright `test`: the fixtures' in-page listener would fail the
 * test for the violation it provokes on purpose.
 */

/** Appends a script without nonce, as injected markup would, and returns its URL. */
async function injectScript(page: Page, name: string) {
  const src = `${PROBE_ORIGIN}/${name}-${test.info().project.name}-${Date.now()}.js`;
  await page.evaluate((url) => {
    const script = document.createElement("script");
    script.src = url;
    document.body.append(script);
  }, src);
  return src;
}

async function reportOf(src: string) {
  let found: Awaited<ReturnType<typeof cspReports>>[number] | undefined;
  await expect
    .poll(async () => (found = (await cspReports()).find((report) => report.blockedUri === src)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  return found!;
}

test("a script without nonce on a rendered page is reported to /csp-report", async ({ page, baseURL }) => {
  const response = await page.goto("/impressum?csp-report-probe=1");
  expect(response?.headers()["content-security-policy"]).toMatch(
    /script-src 'self' 'nonce-[^']+'.*; report-uri \/csp-report; report-to csp$/,
  );
  expect(response?.headers()["reporting-endpoints"]).toBe('csp="/csp-report"');
  const src = await injectScript(page, "rendered");
  const report = await reportOf(src);
  expect(report).toMatchObject({
    // No query string in what the server keeps and logs.
    documentUrl: `${baseURL}/impressum`,
    effectiveDirective: "script-src-elem",
    disposition: "enforce",
    via: "report-to",
  });
});

test("a script without hash on a page-cache hit is reported too", async ({ page, baseURL }) => {
  // Stored by a plain request first (the alone suite: no other test's write retires it meanwhile).
  await page.request.get("/products");
  const response = await page.goto("/products");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  expect(response?.headers()["content-security-policy"]).toMatch(
    /script-src 'self'( 'sha256-[^']+')+;.*; report-uri \/csp-report; report-to csp$/,
  );
  expect(response?.headers()["reporting-endpoints"]).toBe('csp="/csp-report"');
  const src = await injectScript(page, "stored");
  expect(await reportOf(src)).toMatchObject({
    documentUrl: `${baseURL}/products`,
    effectiveDirective: "script-src-elem",
    via: "report-to",
  });
});
