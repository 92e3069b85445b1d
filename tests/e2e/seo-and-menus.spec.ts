import { expect, test } from "./support/fixtures";

/** Every page the sitemap lists, plus the duplicate /community2 and one detail page per kind. */
const INDEXABLE = [
  "/",
  "/offers",
  "/products",
  "/events",
  "/courses",
  "/about",
  "/concept",
  "/team",
  "/community",
  "/glueckstest",
  "/scanner-taucher-test",
  "/join",
  "/contact",
  "/newsletter",
  "/impressum",
  "/datenschutz",
  "/agb",
];

test("every indexable page has exactly one canonical link, to its own public URL", async ({ page, baseURL }) => {
  const details: string[] = [];
  for (const list of ["/products", "/events", "/courses"]) {
    await page.goto(list);
    details.push((await page.locator(`main a[href^="${list}/"]`).first().getAttribute("href"))!);
  }
  const found: Record<string, string[]> = {};
  for (const path of [...INDEXABLE, ...details, "/community2"]) {
    await page.goto(path);
    found[path] = await page
      .locator("link[rel=canonical]")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
  }
  const expected = Object.fromEntries(
    Object.keys(found).map((path) => [path, [new URL(path === "/community2" ? "/community" : path, baseURL).href]]),
  );
  expect(found).toEqual(expected);
});

test("the header dropdowns open one at a time, also without JavaScript (keyboard only)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" }).first();
  const menus = nav.locator("details");
  await expect(menus).toHaveCount(3);
  for (const index of [0, 1, 2]) {
    await menus.nth(index).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(menus.nth(index)).toHaveAttribute("open", "");
    // Only the menu just opened is open: no two panels overlap.
    await expect(nav.locator("details[open]")).toHaveCount(1);
  }
});

test("home: the hero has its illustration, and four cards never leave one alone on a row", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const hero = page.locator("section[aria-labelledby=hero-heading]");
  const picture = hero.locator("svg[aria-hidden=true]").last();
  await expect(picture).toBeVisible();
  expect((await picture.boundingBox())!.x).toBeGreaterThan(640); // the right half
  // Drawn from its file: a <use> whose target is missing draws nothing and reports no error.
  await expect
    .poll(() => picture.locator("use").evaluate((use) => (use as SVGGraphicsElement).getBBox().width))
    .toBeGreaterThan(400);
  for (const id of ["veranstaltungen", "kurse", "produkte"]) {
    const tops = await page
      .locator(`#${id} ul.grid > li`)
      .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    if (tops.length < 2) continue;
    const rows = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
    expect(rows.at(-1), `${id}: cards per row ${rows.join("/")}`).toBeGreaterThan(1);
  }
});
