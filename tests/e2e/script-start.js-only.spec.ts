import { expect, test } from "./support/fixtures";

/**
 * The app's scripts start once the page is shown (app/lib/deferred-module.ts, decision 0006): no
 * script is requested before the `load` event, nor before the largest paint was on screen, which
 * Lighthouse would otherwise count into LCP. JavaScript only: without it nothing starts.
 */
test.describe("scripts start once the page is shown", () => {
  for (const path of ["/", "/products"]) {
    test(`${path}: the first script request comes after the load event and the largest paint`, async ({ page }) => {
      await page.addInitScript(() => {
        const paints: number[] = [];
        (window as unknown as { __largestPaints: number[] }).__largestPaints = paints;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints.push(entry.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto(path); // the fixture waits until React has taken over
      const seen = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime);
        return {
          loadEnd: navigation.loadEventEnd,
          firstScript: Math.min(...scripts),
          largestPaints: (window as unknown as { __largestPaints: number[] }).__largestPaints,
        };
      });
      expect(seen.largestPaints.length, "largest-contentful-paint entries").toBeGreaterThan(0);
      expect(seen.loadEnd).toBeGreaterThan(0);
      expect(seen.firstScript, "first script request (ms)").toBeGreaterThanOrEqual(seen.loadEnd);
      expect(seen.firstScript, "first script request (ms)").toBeGreaterThan(Math.max(...seen.largestPaints));
    });
  }
});
