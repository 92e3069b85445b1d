import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * The header for a browser without `::details-content` (Chrome before 131, Safari before 18.4,
 * Firefox before 143; decision 0030). The test's Chromium has it, so each document and stylesheet
 * is served with the pseudo-element renamed to one no browser knows: every rule that names it is
 * dropped, and `@supports not selector(::details-content)` applies, as in such a browser. The menu
 * button then stays at every width: on a desktop it opens the header's row below it, on a phone the
 * drawer, and the menus in either are disclosures. JavaScript on and off (the projects) and on a phone.
 */
async function withoutDetailsContent(page: Page) {
  await page.route(/.*/, async (route) => {
    const type = route.request().resourceType();
    if (type !== "document" && type !== "stylesheet") return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replaceAll("::details-content", "::unknown-details-content");
    await route.fulfill({ response, body });
  });
}

const menuButton = (page: Page) => page.locator("summary").filter({ hasText: "Menü öffnen" });

// A request still in the handler when a test ends (the full stylesheet, fetched late without
// JavaScript) must not fail that test: its response is disposed with the page (ci48).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("a desktop browser without ::details-content: the menu button opens the header's row", async ({ page }) => {
  await withoutDetailsContent(page);
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  // The row is folded behind the button, at the end of the header's icons.
  await expect(nav).toBeHidden();
  const button = menuButton(page);
  await expect(button).toBeVisible();
  const cart = await page.getByRole("link", { name: "Warenkorb" }).boundingBox();
  const buttonBox = (await button.boundingBox())!;
  expect(buttonBox.x).toBeGreaterThan(cart!.x);

  await button.click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Community" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Mitglied werden" })).toBeVisible();
  // A menu in the row is a disclosure: its links show once it is opened.
  await expect(nav.getByRole("link", { name: "Kurse" })).toBeHidden();
  await nav.locator("summary").filter({ hasText: "Angebote" }).click();
  await expect(nav.getByRole("link", { name: "Kurse" })).toBeVisible();
  await expectAccessible(page);
  await nav.getByRole("link", { name: "Kurse" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("@phone a phone without ::details-content: the drawer holds the menus as disclosures", async ({ page }) => {
  await withoutDetailsContent(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/about");
  await menuButton(page).click();
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav).toBeVisible();
  const selbsttest = nav.locator("summary").filter({ hasText: "Selbsttest" });
  await expect(selbsttest).toBeVisible();
  // The chevron says the title opens; the links show once it is opened.
  await expect(selbsttest.locator(".nav-chevron")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Glückstest" })).toBeHidden();
  await selbsttest.click();
  await expect(nav.getByRole("link", { name: "Glückstest" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await nav.getByRole("link", { name: "Glückstest" }).click();
  await expect(page).toHaveURL(/\/glueckstest$/);
});
