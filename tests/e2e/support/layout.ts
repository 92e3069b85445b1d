import type { Page } from "@playwright/test";

/** WCAG 1.4.10 (reflow): 320 px (the criterion's width), 390 px (a common phone), 1280 px (a small laptop). */
export const WIDTHS = [320, 390, 1280];

/** Width of the page and of each table against its scroll box, as the browser laid them out. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll("main table")].map((table) => {
      const box = table.closest<HTMLElement>("[role=region]");
      return {
        region: box ? { name: box.getAttribute("aria-label"), tabindex: box.getAttribute("tabindex") } : null,
        overflow: box ? box.scrollWidth - box.clientWidth : table.scrollWidth - table.parentElement!.clientWidth,
      };
    });
    // The innermost elements that reach past the viewport name the culprit in the failure message. Inside
    // a scroll region only positioned ones count: they escape it unless the region is their containing block.
    const past = (el: Element) => el.getBoundingClientRect().right > root.clientWidth + 0.5;
    const escapes = (el: Element) => !el.closest("[role=region]") || getComputedStyle(el).position === "absolute";
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => past(el) && ![...el.children].some(past) && escapes(el))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, tables, culprits };
  });
}

/**
 * What scrolls sideways on `routes` at each width: the page itself, or a table outside a named,
 * keyboard-reachable region (and at 1280 px any table at all). Empty when nothing does.
 */
export async function sidewaysProblems(page: Page, routes: string[], widths = WIDTHS) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      const m = await measure(page);
      if (m.scrollWidth > m.clientWidth)
        problems.push(`${width}px ${route}: page is ${m.scrollWidth}px wide (${m.culprits.join(", ")})`);
      for (const [i, t] of m.tables.entries()) {
        if (t.overflow > 0 && !(t.region?.name && t.region.tabindex === "0")) {
          problems.push(`${width}px ${route}: table ${i + 1} overflows outside a named, focusable region`);
        }
        if (width >= 1280 && t.overflow > 0)
          problems.push(`${width}px ${route}: table ${i + 1} cut off by ${t.overflow}px`);
      }
    }
  }
  return problems;
}
