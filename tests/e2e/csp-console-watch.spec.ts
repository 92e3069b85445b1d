import { expect, test, watchCspConsole } from "./support/fixtures";
import { PROBE_ORIGIN } from "./support/csp-reports";

/**
 * Without JavaScript the only CSP check of the shop's pages is Chromium's console message for each
 * refusal (support/fixtures.ts: watchCspConsole). This proves the check sees one: the start page
 * with an image from another origin slipped into its markup, refused by `img-src 'self'`.
 */
test("a page without JavaScript: a resource the CSP refuses shows in the check", async ({ browser }, testInfo) => {
  const { baseURL, ignoreHTTPSErrors, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors, locale, javaScriptEnabled: false });
  const page = await context.newPage();
  const violations = watchCspConsole(page);
  await page.route("**/", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace("<main", `<img src="${PROBE_ORIGIN}/probe.png" alt=""><main`);
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.goto("/");
  await expect.poll(() => violations.join("\n")).toContain(`${PROBE_ORIGIN}/probe.png`);
  expect(violations.join("\n")).toContain("img-src");
  await context.close();
});
