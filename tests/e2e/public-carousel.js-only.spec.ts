import { expect, test } from "./support/fixtures";

/**
 * Carousel behaviour needs JavaScript: run in the js-on (and phone) projects only. The js-off
 * project ignores this file (testIgnore); without JS the testimonials are covered by
 * public-pages.spec.ts (anchors and scroll-snap).
 */
const active = (page: import("@playwright/test").Page) => page.locator('[data-testimonial][data-active="true"]');

test.describe("testimonial carousel", () => {
  test("a link to one testimonial (#stimme-3) shows that one once the carousel takes over", async ({ page }) => {
    await page.goto("/#stimme-3");
    await expect(page.locator('[data-carousel="enhanced"]')).toBeVisible();
    await expect(active(page)).toContainText("Miriam Krüger");
  });

  test("next, previous, wrap-around, dots and the 500 ms click lock", async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator('[data-carousel="enhanced"]');
    await expect(carousel).toBeVisible();
    await expect(active(page)).toContainText("Julia Neumann");
    await expect(page.locator("[data-testimonial]:not([data-active=true])").first()).toHaveAttribute(
      "aria-hidden",
      "true",
    );

    const next = page.getByRole("button", { name: "Nächste Stimme" });
    const previous = page.getByRole("button", { name: "Vorherige Stimme" });
    await next.click();
    await expect(active(page)).toContainText("Thomas Richter");
    await page.waitForTimeout(600);
    await previous.click();
    await expect(active(page)).toContainText("Julia Neumann");
    await page.waitForTimeout(600);
    await previous.click();
    await expect(active(page)).toContainText("Daniel Schäfer");
    await page.waitForTimeout(600);
    await next.click();
    await expect(active(page)).toContainText("Julia Neumann");
    await page.waitForTimeout(600);

    // Two clicks within 500 ms: the second is ignored.
    await next.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(active(page)).toContainText("Thomas Richter");
    await page.waitForTimeout(600);

    const dot = page.getByRole("link", { name: "Stimme 3 von 4: Miriam Krüger" });
    await dot.click();
    await expect(active(page)).toContainText("Miriam Krüger");
    await expect(dot).toHaveAttribute("aria-current", "true");
  });

  test("advances every 8 seconds and pauses on hover, focus, the pause button and reduced motion", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const carousel = page.locator('[data-carousel="enhanced"]');
    await expect(carousel).toBeVisible();
    await expect(active(page)).toContainText("Julia Neumann");
    // Freeze the page clock, then restart the carousel's timer at a known moment (hover and leave).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await carousel.hover();
    await expect(carousel).toHaveAttribute("data-playing", "false");
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute("data-playing", "true");

    await page.clock.runFor(7_900);
    await expect(active(page)).toContainText("Julia Neumann");
    await page.clock.runFor(200);
    await expect(active(page)).toContainText("Thomas Richter");
    await page.clock.runFor(8_100);
    await expect(active(page)).toContainText("Miriam Krüger");

    // Hover pauses.
    await page.locator('[data-carousel="enhanced"]').hover();
    await expect(page.locator('[data-carousel="enhanced"]')).toHaveAttribute("data-playing", "false");
    await page.clock.runFor(20_000);
    await expect(active(page)).toContainText("Miriam Krüger");
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-carousel="enhanced"]')).toHaveAttribute("data-playing", "true");

    // The pause button stops it until pressed again.
    await page.getByRole("button", { name: "Automatisches Weiterblättern anhalten" }).click();
    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Automatisch weiterblättern" }).blur();
    await page.locator("h1").click();
    await page.clock.runFor(20_000);
    await expect(active(page)).toContainText("Miriam Krüger");
    await page.getByRole("button", { name: "Automatisch weiterblättern" }).click();
    await page.mouse.move(0, 0);
    await page.locator("h1").click();
    await expect(page.locator('[data-carousel="enhanced"]')).toHaveAttribute("data-playing", "true");
    await page.clock.runFor(8_100);
    await expect(active(page)).toContainText("Daniel Schäfer");

    // Reduced motion: no autoplay and no pause control.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(page.locator('[data-carousel="enhanced"]')).toHaveAttribute("data-playing", "false");
    await expect(page.getByRole("button", { name: /Weiterblättern/ })).toHaveCount(0);
    await page.clock.runFor(20_000);
    await expect(active(page)).toContainText("Daniel Schäfer");
  });
});
