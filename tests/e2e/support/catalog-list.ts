import { expect, type Page } from "@playwright/test";

/**
 * Catalogue lists have pages of 24 (issue 31), newest first, and the suite adds events, courses and
 * products as it runs: a seeded item may have moved to a later page. These helpers page through the
 * list by its "Weiter" link, as a visitor does (with or without JavaScript).
 */

const nextLink = (page: Page) =>
  page.getByRole("navigation", { name: "Seiten der Liste" }).getByRole("link", { name: "Weiter" });

/** Follows "Weiter" once; false on the last page. */
async function nextPage(page: Page) {
  if ((await nextLink(page).count()) === 0) return false;
  const position = page.getByTestId("page-position");
  const before = await position.textContent();
  await nextLink(page).click();
  await expect(position).not.toHaveText(before!);
  return true;
}

/** The card titled `title`, after opening the list at `path` on the page that holds it. */
export async function listCard(page: Page, path: string, title: string) {
  await page.goto(path);
  const card = page.locator("main article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  while ((await card.count()) === 0 && (await nextPage(page))) {
    // the next page is open: look again
  }
  await expect(card).toHaveCount(1);
  return card;
}

/** Every card title of the list at `path` in the order shown, page by page (soft hyphens removed). */
export async function listTitles(page: Page, path: string) {
  await page.goto(path);
  const titles: string[] = [];
  do {
    titles.push(...(await page.locator("main article h2").allTextContents()).map((t) => t.replaceAll("\u00AD", "")));
  } while (await nextPage(page));
  return titles;
}
