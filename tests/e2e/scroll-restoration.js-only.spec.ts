import { expect, test } from "./support/fixtures";

/**
 * Scroll positions come back after a step back and after a reload, with React Router's scroll
 * restoration running without its inline script (app/components/scroll-restoration.tsx): the
 * entry's key is given by the script that starts the app, a reload is restored by the browser.
 * JavaScript only: without it every page is a document, restored by the browser alone.
 */
const scrollY = (page: import("@playwright/test").Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe("scroll restoration", () => {
  test("a step back returns to where the list was left; a new page starts at the top", async ({ page }) => {
    await page.goto("/products");
    const lastCard = page.getByRole("main").getByRole("article").last().getByRole("heading").getByRole("link");
    await lastCard.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before, "the list was scrolled").toBeGreaterThan(300);

    await lastCard.click();
    await expect(page).toHaveURL(/\/products\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page), { message: "the product page starts at the top" }).toBe(0);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Produkte" })).toBeVisible();
    await expect.poll(() => scrollY(page), { message: "back where the list was left" }).toBe(before);
  });

  test("a reload keeps the position, and each document load gets its own history key", async ({ page }) => {
    await page.goto("/products");
    const firstKey = await page.evaluate(() => (history.state as { key?: string } | null)?.key);
    expect(firstKey, "history key of the first load").toBeTruthy();
    await page.getByRole("heading", { level: 2, name: "Newsletter" }).scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(300);

    await page.reload(); // the fixture waits until the app has started again
    await expect.poll(() => scrollY(page), { message: "position after the reload" }).toBe(before);

    await page.goto("/events");
    const secondKey = await page.evaluate(() => (history.state as { key?: string } | null)?.key);
    expect(secondKey, "history key of another document").toBeTruthy();
    expect(secondKey).not.toBe(firstKey);
  });
});
