import type { Page } from "@playwright/test";
import { expect, test } from "../e2e/support/fixtures";

/**
 * A visitor with a cart gets pages from the server's page cache too, stored per item count
 * (server/page-cache.ts): the header's count is right on a cache hit, with and without JavaScript,
 * and the browser's copy of the cart (JavaScript only) still holds the lines, which the cached page
 * no longer carries.
 */
const PRODUCT = "Dankbarkeitstagebuch";
const PRODUCT_PATH = "/products/b0000000-0000-4000-8000-000000000001";

/**
 * `path` as a cache hit in this browser (its cookies): stored by a first request, then loaded. In
 * the alone suite, so no other test's catalogue write retires the page in between.
 */
async function openCached(page: Page, path: string) {
  await page.request.get(path);
  return (await page.goto(path))!;
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "null") as { title: string }[] | null);

test("a visitor with a cart gets cached pages that show its count @phone", async ({ page, javaScriptEnabled }) => {
  await page.goto(PRODUCT_PATH);
  await page.getByRole("button", { name: `${PRODUCT} in den Warenkorb legen` }).click();
  await expect(page.getByRole("link", { name: "Warenkorb, 1 Artikel" }).first()).toBeVisible();

  const hit = await openCached(page, "/products");
  expect(hit.headers()["x-page-cache"]).toBe("hit");
  expect(hit.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=300");
  await expect(page.getByRole("link", { name: "Warenkorb, 1 Artikel" }).first()).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => storedCart(page)).toEqual([expect.objectContaining({ title: PRODUCT, quantity: 1 })]);
  }

  // The cart emptied: the cached pages say so too, and the browser's copy is emptied with it.
  await page.goto("/cart");
  await page.getByRole("button", { name: `${PRODUCT} entfernen` }).click();
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  const empty = await openCached(page, "/products");
  expect(empty.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("link", { name: "Warenkorb", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Warenkorb, \d+ Artikel/ })).toHaveCount(0);
  if (javaScriptEnabled) await expect.poll(() => storedCart(page)).toEqual([]);
});
