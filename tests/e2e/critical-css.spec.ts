import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * Documents inline only the critical rules and load the full sheet between the content and the
 * footer (docs/decisions/0020-critical-css.md). Two promises, with JavaScript on and off: once the full
 * sheet is in, every page looks exactly as with the full sheet alone (the inline part changes
 * nothing), and the landing pages' first paint, before the full sheet arrives, already looks
 * like that.
 */

/** Computed styles that show a missing rule: box, layout, colours, type. */
const PROPERTIES = [
  "display",
  "position",
  "width",
  "height",
  "margin-top",
  "padding-left",
  "gap",
  "grid-template-columns",
  "flex-direction",
  "color",
  "background-color",
  "border-top-width",
  "border-top-color",
  "font-size",
  "font-weight",
  "line-height",
  "visibility",
];

/**
 * Each element's computed style, keyed by its position in the document when it was first looked at
 * (kept on the element, so a later look at the same document keys it alike even if the page's
 * scripts have added or removed nodes since); `above` = only the first screen.
 */
async function computedStyles(page: Page, { above = false } = {}) {
  return page.evaluate(
    ({ properties, above }) => {
      // The settled styles: a colour transition the sheet's arrival started (the dashboard's tabs
      // have `transition-colors`) is run to its end, not read half-way (ci49).
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      }
      const result: Record<string, string> = {};
      const all = document.querySelectorAll("body *");
      // The first look numbers every element by its position; later ones number what is new after them.
      const probe = window as unknown as { __styleProbeNext?: number };
      const first = probe.__styleProbeNext === undefined;
      if (first) probe.__styleProbeNext = all.length;
      all.forEach((el, index) => {
        if (!el.hasAttribute("data-style-probe")) {
          el.setAttribute("data-style-probe", String(first ? index : probe.__styleProbeNext!++));
        }
        if (el.closest("script, style, link")) return;
        // The first screen: not below it, and not in a closed menu (its rules come with the sheet);
        // the site menu's content is the header's row from md on, shown although it is closed.
        if (above && el.getBoundingClientRect().top >= window.innerHeight) return;
        if (above && !el.checkVisibility()) return;
        // What holds the sheet's link (the start page's <main>) holds the rest of the page too.
        if (above && el.querySelector('link[rel="stylesheet"]')) return;
        const style = getComputedStyle(el);
        result[`${el.getAttribute("data-style-probe")} ${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`] =
          properties.map((p) => style.getPropertyValue(p)).join("|");
      });
      return result;
    },
    { properties: PROPERTIES, above },
  );
}

/** Waits until the full sheet applies; returns its URL. */
async function fullSheetLoaded(page: Page) {
  const link = page.locator('body link[rel="stylesheet"]');
  await expect(link).toHaveCount(1);
  await page.waitForFunction(() => {
    const sheet = document.querySelector<HTMLLinkElement>('body link[rel="stylesheet"]')?.sheet;
    return sheet !== null && sheet !== undefined && sheet.cssRules.length > 0;
  });
  return link.getAttribute("href");
}

/** Console errors and uncaught exceptions: a hydration mismatch (other markup on the client) shows here. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * The same styles for every element in both looks at one page. A node the page's own scripts added
 * or removed between the looks (in CI run ci45, two `template` and two hidden `div` elements at the end
 * of /about's body were there in the first look only) is no style difference; nearly all elements
 * must be in both.
 */
function expectSameStyles(after: Record<string, string>, before: Record<string, string>, path: string) {
  const both = Object.keys(before).filter((key) => key in after);
  expect(both.length, `${path}: elements in both looks`).toBeGreaterThan(0.95 * Object.keys(before).length);
  const pick = (styles: Record<string, string>) => Object.fromEntries(both.map((key) => [key, styles[key]]));
  expect(pick(after), path).toEqual(pick(before));
}

async function withoutInlineRules(page: Page) {
  await page.evaluate(() => document.getElementById("app-css")?.remove());
}

test("public pages: the inline rules change nothing once the full sheet is in", async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of ["/", "/products", "/about", "/auth"]) {
    await page.goto(path);
    await expect(page.locator("style#app-css[data-critical]")).toHaveCount(1);
    expect(await fullSheetLoaded(page)).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    const served = await computedStyles(page);
    await withoutInlineRules(page);
    expectSameStyles(await computedStyles(page), served, path);
  }
  expect(errors).toEqual([]);
});

test("signed-in and admin pages look as with the full sheet alone", async ({ page, signIn }) => {
  await signIn({ admin: true });
  const errors = collectErrors(page);
  for (const path of ["/dashboard", "/admin", "/admin/orders"]) {
    await page.goto(path);
    await fullSheetLoaded(page);
    const served = await computedStyles(page);
    await withoutInlineRules(page);
    expectSameStyles(await computedStyles(page), served, path);
  }
  expect(errors).toEqual([]);
});

test("the landing pages' first screen is styled before the full sheet arrives @phone", async ({ browser }) => {
  // The first paint comes before any script runs (hydration waits for the full sheet, which sits
  // before the scripts), so it is looked at without JavaScript, at this project's screen size.
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    locale,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  for (const path of ["/", "/products"]) {
    await page.goto(path);
    await fullSheetLoaded(page);
    const full = await computedStyles(page, { above: true });
    // The same page while the full sheet is on its way: what a visitor sees until it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "commit" });
    await page.locator('body link[rel="stylesheet"]').waitFor({ state: "attached" });
    const critical = await computedStyles(page, { above: true });
    // The browser holds back what follows the sheet's link: the footer is not there, so it is
    // never shown without its rules.
    expect(await page.locator("footer").count(), path).toBe(0);
    // The start page places the sheet right after its hero: the sections of cards below wait too.
    if (path === "/") expect(await page.locator("#pillars-heading").count()).toBe(0);
    // The header is already the one from the full sheet: fixed, 4rem high.
    const header = page.locator("body > header").first();
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveCSS("height", "64px");
    if (path === "/") await menuOpenedBeforeTheSheet(page, isMobile ?? false);
    release();
    await page.waitForLoadState("load");
    await page.unrouteAll();
    expect(Object.keys(critical).length).toBeGreaterThan(20);
    const fullOfTheSame = Object.fromEntries(Object.keys(critical).map((key) => [key, full[key]]));
    expect(critical, path).toEqual(fullOfTheSame);
  }
  await context.close();
});

/**
 * A menu opened before the full sheet applies: its frame is inline (position, background), its
 * entries are not (they come with the sheet), so they show in place, in the browser's own type:
 * over the page, reachable, and the page does not scroll sideways.
 */
async function menuOpenedBeforeTheSheet(page: Page, isMobile: boolean) {
  const summary = isMobile
    ? page.locator("summary", { hasText: "Menü öffnen" })
    : page.getByRole("navigation", { name: "Hauptnavigation" }).locator("summary", { hasText: "Angebote" });
  await summary.click();
  const panel = summary.locator("xpath=following-sibling::*[1]");
  await expect(panel).toHaveCSS("position", isMobile ? "fixed" : "absolute");
  expect(await panel.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  const link = panel.getByRole("link", { name: "Kurse" });
  await expect(link).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await summary.click();
}
