import { test, type Page } from "@playwright/test";

/** WCAG 1.4.10 (reflow): 320 px (the criterion's width), 390 px (a common phone), 1280 px (a small laptop). */
export const WIDTHS = [320, 390, 1280];

/** Width of the page and of each table against its scroll box, as the browser laid them out. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll("main table")].map((table) => {
      const box = table.closest<HTMLElement>("[role=region]");
      // Named by aria-label, or by the text of the elements aria-labelledby points at (the caption).
      const labelledBy = (box?.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
      const name =
        box?.getAttribute("aria-label") ||
        labelledBy
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
          .join(" ")
          .trim();
      return {
        region: box ? { name, tabindex: box.getAttribute("tabindex") } : null,
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
  for (const route of routes) {
    for await (const width of eachWidth(page, route, widths)) {
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

/**
 * Opens `route` once at the first width, then resizes the window to each next one: the layout is
 * CSS (media queries), and the few scripts that read the width listen to `matchMedia` changes, so
 * a resized page is laid out as one opened at that width. A third of the page loads.
 */
async function* eachWidth(page: Page, route: string, widths: number[]) {
  for (const [i, width] of widths.entries()) {
    await page.setViewportSize({ width, height: 800 });
    if (i === 0) await page.goto(route);
    // With JavaScript, two frames: whatever a resize sets off (a media-query listener's render) is
    // on screen. Without it nothing reacts to a resize, and no frame callback would ever run.
    else if (test.info().project.use.javaScriptEnabled !== false)
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    yield width;
  }
}

/**
 * Words the browser split without a hyphen, as "…Dankbarkeitstagebuc|h…": for each visible text
 * node, a Range per character finds where a line box ends (the next character sits lower), and
 * each such break must come after whitespace, a hyphen or dash, a slash or a soft hyphen (which
 * the browser draws as a hyphen there). E-mail addresses and URLs may also break beside ".", "@", "-" and "_".
 */
async function brokenWords(page: Page) {
  return page.evaluate(() => {
    const ALLOWED_AFTER = /[\s\u00AD\u200B/\-‐–—]/;
    // Visually hidden (sr-only, 1 px), aria-hidden (the honeypot), hidden, or in a closed <details>.
    const hidden = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || el.closest("[aria-hidden=true]")) return true;
      return !el.checkVisibility({ visibilityProperty: true });
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || text.trim().length < 2 || parent.closest("script, style, noscript, template")) continue;
      if (hidden(parent)) continue;
      let last: { index: number; top: number; bottom: number } | null = null;
      for (let i = 0; i < text.length; i++) {
        if (/[\s\u00AD\u200B]/.test(text[i])) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        // A new line box: this character starts below the previous one's line.
        if (last && rect.top >= last.bottom - 1) {
          const between = text.slice(last.index, i);
          const token = text.slice(0, i).split(/\s/).pop()! + text.slice(i).split(/\s/)[0];
          const address = /@|:\/\/|^www\./.test(token) && /[.@\-_]/.test(text[last.index] + text[i]);
          if (!ALLOWED_AFTER.test(between) && !address) {
            const word = text.slice(Math.max(0, last.index - 20), last.index + 1) + "|" + text.slice(i, i + 10);
            found.push(`<${parent.tagName.toLowerCase()}> "${word.replace(/\s+/g, " ")}"`);
          }
        }
        last = { index: i, top: rect.top, bottom: rect.bottom };
      }
    }
    return found;
  });
}

/**
 * Cells of `main table` (or of a list's cards, `[data-cell]`) narrower than the longest piece of
 * their text the browser may not break: a syllable where soft hyphens mark them, otherwise a word
 * up to its next hyphen or slash. Measured with the cell's own font on a canvas.
 */
async function narrowCells(page: Page) {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d")!;
    const found: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>("main td, main th, main [data-cell]")) {
      const style = getComputedStyle(cell);
      const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (cell.getBoundingClientRect().width < 2) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        const box = parent.getBoundingClientRect();
        if (box.width < 2 || !parent.checkVisibility({ visibilityProperty: true })) continue;
        context.font = getComputedStyle(parent).font;
        for (const piece of (node.textContent ?? "").split(/[\s\u00AD\u200B]+|(?<=[/\-‐–—])/)) {
          const width = context.measureText(piece).width;
          if (piece && width > inner + 0.5) {
            found.push(`"${piece}" needs ${Math.ceil(width)}px in a ${Math.floor(inner)}px cell`);
          }
        }
      }
    }
    return found;
  });
}

/** Soft hyphens where they hurt: the title, meta tags, JSON-LD, form values and labels. */
async function softHyphenLeaks(page: Page) {
  return page.evaluate(() => {
    const places = [
      ["<title>", document.title],
      ...[...document.querySelectorAll("meta[content]")].map((m) => [
        `<meta ${m.getAttribute("name") ?? m.getAttribute("property")}>`,
        m.getAttribute("content"),
      ]),
      ...[...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => ["JSON-LD", s.textContent]),
      ...[...document.querySelectorAll("input, textarea, select, option")].map((f) => [
        `value of ${f.tagName.toLowerCase()}`,
        (f as HTMLInputElement).value,
      ]),
      ...[...document.querySelectorAll("[aria-label], [alt], [title]")].map((el) => [
        `label of <${el.tagName.toLowerCase()}>`,
        `${el.getAttribute("aria-label")}${el.getAttribute("alt")}${el.getAttribute("title")}`,
      ]),
    ];
    return places
      .filter(([, text]) => text?.includes("\u00AD"))
      .map(([where, text]) => `${where}: "${text!.slice(0, 40)}"`);
  });
}

/**
 * Words split without a hyphen on `routes` at each width, soft hyphens outside visible text, and
 * (with `cells`) table cells too narrow for their longest syllable. Empty when there are none.
 */
export async function wordBreakProblems(page: Page, routes: string[], { cells = false, widths = WIDTHS } = {}) {
  const problems: string[] = [];
  for (const route of routes) {
    for await (const width of eachWidth(page, route, widths)) {
      for (const word of await brokenWords(page)) problems.push(`${width}px ${route}: ${word} breaks without a hyphen`);
      if (width === widths[0])
        for (const leak of await softHyphenLeaks(page)) problems.push(`${route}: soft hyphen in ${leak}`);
      if (cells) for (const cell of await narrowCells(page)) problems.push(`${width}px ${route}: ${cell}`);
    }
  }
  return problems;
}
