import { expect, expectAccessible, test } from "../e2e/support/fixtures";
import { sidewaysProblems } from "../e2e/support/layout";

/**
 * A catalogue of three pages (issue 31): the 8 demo products and 45 added make 53, so /products
 * has pages of 24, 24 and 5 items with "Seite X von Y", links that work without JavaScript, one
 * canonical URL and title per page, and a 404 with a way back for a page that is not there. Every
 * product is on exactly one page and in the sitemap.
 */
const ADDED = 45;
const TOTAL = 8 + ADDED;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { request } = context;
  // The projects run one after the other on one database: the first adds the products.
  if ((await request.get("/products?seite=3")).status() !== 200) {
    await request.post("/__e2e/session", {
      data: { email: "katalog-admin@example.com", password: "sicheres-Passwort-123", admin: true },
    });
    for (let n = 1; n <= ADDED; n++) {
      const response = await request.post("/admin/products/new", {
        form: {
          title: `Seitentest ${String(n).padStart(2, "0")}`,
          category: "Seitentest",
          image_url: "/images/catalog/sommerfest.svg",
          price: "9,90",
          behappy_price: "",
          vat_rate: "19",
          availability: "on",
          shipped: "on",
        },
        maxRedirects: 0,
      });
      expect(response.status(), await response.text()).toBe(302);
    }
  }
  await context.close();
});

const cards = (page: import("@playwright/test").Page) => page.locator("main article");

test("three pages of 24, 24 and 5 products, by links, with a canonical and title each @phone", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/products");
  const pager = page.getByRole("navigation", { name: "Seiten der Liste" });
  await expect(pager.getByTestId("page-position")).toHaveText("Seite 1 von 3");
  await expect(cards(page)).toHaveCount(24);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products$/);
  await expect(pager.getByRole("link", { name: "Seite 1" })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: "Zurück" })).toHaveCount(0);
  const seen = new Set(await cards(page).locator("h2").allTextContents());

  await pager.getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/products\?seite=2$/);
  await expect(pager.getByTestId("page-position")).toHaveText("Seite 2 von 3");
  await expect(cards(page)).toHaveCount(24);
  await expect(page).toHaveTitle(/^Produkte – Seite 2 – /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\?seite=2$/);
  for (const title of await cards(page).locator("h2").allTextContents()) seen.add(title);
  await expectAccessible(page);

  await pager.getByRole("link", { name: "Seite 3" }).click();
  await expect(page).toHaveURL(/\/products\?seite=3$/);
  await expect(cards(page)).toHaveCount(TOTAL - 48);
  await expect(pager.getByRole("link", { name: "Weiter" })).toHaveCount(0);
  for (const title of await cards(page).locator("h2").allTextContents()) seen.add(title);
  // Every product once: 53 different titles over the three pages.
  expect(seen.size).toBe(TOTAL);

  await pager.getByRole("link", { name: "Zurück" }).click();
  await expect(page).toHaveURL(/\/products\?seite=2$/);
});

test("a page after the last, or no page number, is a 404 with a way to the first page @phone", async ({ page }) => {
  for (const search of ["?seite=4", "?seite=abc"]) {
    const response = await page.goto(`/products${search}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Diese Seite der Liste gibt es nicht.")).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole("link", { name: "Zur ersten Seite" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page)).toHaveCount(24);
});

test("the pager never makes a page scroll sideways, at 320, 390 and 1280 px", async ({ page }) => {
  expect(await sidewaysProblems(page, ["/products", "/products?seite=2", "/products?seite=3"])).toEqual([]);
});

test('by keyboard alone: Tab to "Weiter", Enter opens page 2', async ({ page }) => {
  await page.goto("/products");
  const next = page.getByRole("navigation", { name: "Seiten der Liste" }).getByRole("link", { name: "Weiter" });
  // Tab until the link has the focus, as a keyboard user gets there.
  for (let i = 0; i < 200 && !(await next.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\?seite=2$/);
  await expect(page.getByTestId("page-position")).toHaveText("Seite 2 von 3");
});

test("the sitemap lists every product, not only the first page's", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap.match(/\/products\/[0-9a-f-]{36}</g) ?? []).toHaveLength(TOTAL);
});
