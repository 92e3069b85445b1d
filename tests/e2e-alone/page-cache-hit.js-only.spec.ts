import type { Page } from "@playwright/test";
import { expect, test } from "../e2e/support/fixtures";

/**
 * A page from the server's page cache carries no nonce: its CSP allows exactly the inline scripts
 * it was stored with, by their sha256 (server/stored-page.ts). Real Chromium proves that this is
 * every script the page needs: React Router's context and stream scripts, the theme and scroll
 * scripts, the deferred entry module (made a real module only once the page is shown). A missing
 * hash would leave the page without React and report a violation.
 */
const PAGES = ["/", "/products", "/products/b0000000-0000-4000-8000-000000000001"];

/**
 * Opens `path` as a cache hit: stored by a plain request first, then loaded by the browser (the
 * alone suite: no other test's catalogue write retires the page in between).
 */
async function openCached(page: Page, path: string, problems: string[]) {
  await page.request.get(path);
  const response = await page.goto(path).catch((error: unknown) => {
    throw new Error(`${String(error)}\nbrowser reported:\n${problems.join("\n")}`);
  });
  return response!;
}

for (const path of PAGES) {
  test(`a cached ${path} hydrates with no CSP violation`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
      });
    });

    const response = await openCached(page, path, problems);
    const headers = response.headers();
    expect(headers["x-page-cache"]).toBe("hit");
    // Brotli follows within a fraction of a second (made in the background); gzip until then.
    expect(headers["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(headers["cache-control"]).toBe("public, max-age=60, s-maxage=300");
    const scriptSrc = /script-src ([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
    expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);

    // The fixture's goto already waited for this; said again as the point of the test.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // React Router runs: a link is followed on the client, through a .data request, not a document.
    const documents: string[] = [];
    const data: string[] = [];
    page.on("request", (request) =>
      (request.resourceType() === "document" ? documents : data).push(new URL(request.url()).pathname),
    );
    await page.locator('footer a[href="/impressum"]').click();
    await expect(page).toHaveURL(/\/impressum$/);
    expect(documents).toEqual([]);
    expect(data.some((pathname) => pathname.endsWith(".data"))).toBe(true);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
