// Second half of `npm run build` (after `react-router build`): writes the critical stylesheet the
// production server inlines into every document (app/components/stylesheet.tsx,
// docs/decisions/0020-critical-css.md). It starts the fresh build on a throwaway embedded database
// with the demo data, fetches the pages most visitors land on, and lets beasties keep the rules of
// the full sheet that match an element on any of them. The result goes to
// BUILD_DIR/server/critical.css, next to the server build that reads it at start.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Beasties from "beasties";
import { DomUtils, parseDocument } from "htmlparser2";
import postcss from "postcss";
import { startAppServer } from "./lib/app-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const CLIENT_DIR = join(BUILD_DIR, "client");
const OUTPUT = join(BUILD_DIR, "server", "critical.css");
/** One sheet per landing page (path → CSS): a page inlines only its own rules (see PAGES). */
const OUTPUT_PAGES = join(BUILD_DIR, "server", "critical-pages.json");
/**
 * The pages' markup depends only on the server build and the sheet: an unchanged pair (a rebuild
 * for the tests without a code change) takes the last result instead of booting the app again.
 */
const CACHE_DIR = join("node_modules", ".cache", "critical-css");

/**
 * Landing pages: the start page, the catalogue lists, a detail page, sign-in, the cart, contact. Their
 * union is the shell (header and menus; the footer waits for the full sheet), the cards and the
 * forms, so a page not listed here still paints its frame from the inline part; its own rules
 * arrive with the full sheet.
 */
const PAGES = ["/", "/products", "/courses", "/events", "/offers", "/auth", "/cart", "/contact"];

/** Every `var(--…)` the app's components may write into an attribute or a style (withoutUnreferencedVariables). */
const APP_SOURCE = readdirSync("app", { recursive: true })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => readFileSync(join("app", name), "utf8"))
  .join("\n");

const sheets = readdirSync(join(CLIENT_DIR, "assets")).filter((name) => /^app-[\w-]+\.css$/.test(name));
if (sheets.length !== 1) throw new Error(`expected one app-*.css in ${CLIENT_DIR}/assets, found ${sheets.length}`);
const sheetHref = `/assets/${sheets[0]}`;
const fullSheet = readFileSync(join(CLIENT_DIR, sheetHref), "utf8");
const cacheKey = createHash("sha256")
  .update(readFileSync(join(BUILD_DIR, "server", "index.js")))
  .update(fullSheet)
  .update(readFileSync(new URL(import.meta.url)))
  .digest("hex")
  .slice(0, 16);
const cached = join(CACHE_DIR, `${cacheKey}.json`);
if (existsSync(cached)) {
  const { union, pages } = JSON.parse(readFileSync(cached, "utf8"));
  writeOutputs(union, pages);
  console.log(`critical CSS: unchanged build, taken from ${cached}`);
  process.exit(0);
}

// Always the embedded database and no mail: the build must not touch an operator's PostgreSQL or SMTP.
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
const dataDir = mkdtempSync(join(tmpdir(), "critical-css-"));
/**
 * Markup whose classes depend on the catalogue, not on the page: `CatalogGrid`
 * (app/components/catalog/catalog-states.tsx) takes four columns where three would leave one card
 * alone. The demo data shows one of the two on each page; a shop's own catalogue (or a product added
 * in the admin area) shows the other, which the first paint must have too.
 */
const DATA_DEPENDENT =
  '<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:[&_h2]:text-lg lg:[&_h3]:text-lg"><li><h2></h2><h3></h3></li></ul>' +
  '<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"><li></li></ul>';

standInSheets();
const server = await startAppServer({ env: { DATA_DIR: dataDir, BUILD_DIR }, stdio: "pipe" });
let bodies = "";
let htmlTag = "<html>";
/** Each page's own body, keyed as the server looks it up (a detail page stands for all of its kind). */
const pageBodies = {};
try {
  const pages = [...PAGES];
  const list = await fetchPage("/products");
  // One detail page too, the first product the list links to.
  const detail = list.match(/href="(\/products\/[^"/?#]+)"/)?.[1];
  if (!detail) throw new Error("no product link on /products");
  pages.push(detail);
  for (const path of pages) {
    const html = path === "/products" ? list : await fetchPage(path);
    htmlTag = html.match(/<html\b[^>]*>/)?.[0] ?? htmlTag;
    const body = withClosedPanelsEmpty(beforeTheSheet(html, path)) + DATA_DEPENDENT;
    bodies += body;
    pageBodies[path === detail ? "/products/:id" : path] = body;
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const beasties = new Beasties({
  path: CLIENT_DIR,
  publicPath: "/",
  preload: false,
  pruneSource: false,
  inlineFonts: false,
  // Animations the pages name (fade-in of the menus, the navigation bar) stay; the rest waits.
  keyframes: "critical",
  compress: false,
  logLevel: "warn",
});
/**
 * The critical rules for the given bodies. One document holding them all: beasties keeps a rule if
 * its selector matches anywhere.
 */
async function criticalFor(html) {
  const root = withDarkTheme(htmlTag);
  const document = `<!DOCTYPE html>${root}<head><link rel="stylesheet" href="${sheetHref}"></head>${html}</html>`;
  const processed = await beasties.process(document);
  const kept = postcss.parse([...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join(""));
  const critical = select(postcss.parse(fullSheet), kept, classesOf(root + html), html);
  if (!critical.includes(".skip-link")) throw new Error("critical CSS lacks the layout's rules");
  return critical;
}

// The union serves every page not listed; a listed page gets the rules its own elements use.
const union = await criticalFor(bodies);
const pages = {};
for (const [path, body] of Object.entries(pageBodies)) pages[path] = await criticalFor(body);
writeOutputs(union, pages);
mkdirSync(CACHE_DIR, { recursive: true });
for (const old of readdirSync(CACHE_DIR)) rmSync(join(CACHE_DIR, old));
writeFileSync(cached, JSON.stringify({ union, pages }));

function writeOutputs(unionCss, pageCss) {
  writeFileSync(OUTPUT, unionCss);
  writeFileSync(OUTPUT_PAGES, JSON.stringify(pageCss));
  const sizes = Object.entries(pageCss).map(([path, css]) => `${path} ${(css.length / 1024).toFixed(1)}`);
  console.log(
    `critical CSS: ${(unionCss.length / 1024).toFixed(1)} KB of ${sheetHref} → ${OUTPUT}; per page (KB): ${sizes.join(", ")}`,
  );
}

/**
 * The full sheet, cut to what beasties kept plus the rules whose classes all occur on the pages.
 * beasties drops rules it cannot match although they apply: Tailwind's `space-y-*`
 * (`:where(.x>:not(:last-child))`), `group-open:` (`:is(:where(.group):is([open],…) .x)`),
 * `aria-*:` and `[&_svg]:` variants; without them a card's spacing jumped when the full sheet
 * arrived (tests/e2e/critical-css.spec.ts). Taken from the full sheet, in its order, so the cascade
 * is the full sheet's.
 */
function select(full, kept, classes, html) {
  // Whitespace as beasties prints it may differ from the built sheet's.
  const squeeze = (text) => text.replace(/\s+/g, "");
  const parentKey = (node) => {
    const parts = [];
    for (let n = node.parent; n && n.type !== "root"; n = n.parent) parts.unshift(`@${n.name} ${n.params}`);
    return squeeze(parts.join(">"));
  };
  const atRuleKey = (node) => `${parentKey(node)}>@${squeeze(`${node.name} ${node.params}`)}`;
  // beasties keeps a selector list's matching parts only (`ol,ul,menu` becomes `ul`), so rules are
  // compared by their parts; a rule with one part kept is taken whole.
  const keptParts = new Set();
  const keptAtRules = new Set();
  kept.walk((node) => {
    if (node.type === "atrule") keptAtRules.add(atRuleKey(node));
    if (node.type === "rule" && node.parent.name !== "keyframes")
      for (const part of selectorParts(node.selector)) keptParts.add(`${parentKey(node)}|${squeeze(part)}`);
  });
  const unescape = (name) => name.replace(/\\(.)/g, "$1");
  const classesUsed = (part) => {
    const names = [...part.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => unescape(m[1]));
    return names.length > 0 && names.every((name) => classes.has(name));
  };
  // A rule for a state no fetched page is in stays only where beasties matched it: an open menu
  // (`.site-menu[open] …`, app/styles/site-shell.css) or a scrolled header (`[data-scrolled]`, set by JavaScript).
  // What they show waits for the full sheet.
  const forLaterState = (part) => /\.[\w-]+\[(open|data-scrolled)\]/.test(part);
  const keepRule = (rule) =>
    selectorParts(rule.selector).some(
      (part) => keptParts.has(`${parentKey(rule)}|${squeeze(part)}`) || (classesUsed(part) && !forLaterState(part)),
    );
  // Keyframes, @property, @font-face and @layer statements are taken whole, as beasties decided;
  // media queries and layers are kept while a rule in them is.
  const cut = (container) => {
    container.each((node) => {
      if (node.type === "rule") {
        if (!keepRule(node)) node.remove();
      } else if (node.type === "atrule") {
        const nested = node.nodes?.some((child) => child.type === "rule" || child.type === "atrule");
        if (!nested) {
          if (!keptAtRules.has(atRuleKey(node))) node.remove();
        } else if (node.name === "keyframes") {
          if (!keptAtRules.has(atRuleKey(node))) node.remove();
        } else {
          cut(node);
          if (node.nodes.length === 0) node.remove();
        }
      }
    });
  };
  cut(full);
  withoutPropertyRegistrations(full);
  withoutUnreferencedVariables(full, html);
  withNativeLightDark(full);
  return full.toString();
}

/**
 * Tailwind compiles the theme's `light-dark(a, b)` for browsers before it (Safari 16.4) into
 * `var(--lightningcss-light, a) var(--lightningcss-dark, b)`, 40 bytes more per colour (1.1 KB of
 * the inline part). The inline part writes `light-dark()` again: a browser without it (before
 * Chrome 123, Safari 17.5, Firefox 120) paints the first screen in its default colours until the
 * full sheet, which keeps the compiled form, applies. The helper variables stay: they carry the
 * `color-scheme` that `light-dark()` reads.
 */
function withNativeLightDark(root) {
  const arg = String.raw`([^()]*(?:\([^()]*\)[^()]*)*)`;
  const pair = new RegExp(
    String.raw`var\(--lightningcss-light,\s*${arg}\)\s*var\(--lightningcss-dark,\s*${arg}\)`,
    "g",
  );
  root.walkDecls((declaration) => {
    if (declaration.value.includes("--lightningcss-light"))
      declaration.value = declaration.value.replace(pair, (_, light, dark) => `light-dark(${light},${dark})`);
  });
}

/**
 * Tailwind registers each of its internal variables (`--tw-*`) with an `@property` (68 of them on
 * /products, 4.3 KB) and, for browsers without `@property`, sets the same initial values with one
 * universal rule in `@layer properties`, inside an `@supports` only those browsers match. The inline
 * part keeps that rule for every browser instead of the registrations: each element gets the same
 * values, none inherits them, and the full sheet registers the properties when it arrives.
 */
function withoutPropertyRegistrations(root) {
  root.walkAtRules("property", (registration) => registration.remove());
  root.walkAtRules("layer", (layer) => {
    if (layer.params === "properties")
      layer.walkAtRules("supports", (supports) => supports.replaceWith(supports.nodes));
  });
}

/**
 * The full sheet declares every theme variable any rule of the shop uses on `:root` (layer theme)
 * and every `--tw-*` initial value on all elements (layer properties): ≈ 6 KB, most of which the
 * inline part's own rules never read. Only the variables something reads stay: a kept declaration,
 * a kept variable's value (`--default-font-family: var(--font-sans)`), an attribute on the pages
 * (the hero's `fill="var(--color-accent)"`) or anywhere in the app's source, which covers the pages
 * the union serves without having been fetched. The full sheet declares all of them when it arrives.
 */
function withoutUnreferencedVariables(root, html) {
  const declaresVariables = (rule) =>
    rule.parent?.type === "atrule" &&
    rule.parent.name === "layer" &&
    ((rule.parent.params === "theme" && rule.selector === ":root,:host") ||
      (rule.parent.params === "properties" && rule.selector.startsWith("*,")));
  const referencesIn = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);
  const candidates = new Map();
  const referenced = new Set([...referencesIn(html), ...referencesIn(APP_SOURCE)]);
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith("--") && declaresVariables(declaration.parent))
      candidates.set(declaration.prop, declaration);
    else for (const name of referencesIn(declaration.value)) referenced.add(name);
  });
  // A kept variable keeps what its own value reads.
  const pending = [...referenced];
  while (pending.length > 0) {
    const value = candidates.get(pending.pop())?.value ?? "";
    for (const name of referencesIn(value)) {
      if (referenced.has(name)) continue;
      referenced.add(name);
      pending.push(name);
    }
  }
  for (const [name, declaration] of candidates) if (!referenced.has(name)) declaration.remove();
}

/**
 * The root element as a signed-in visitor who chose the dark theme gets it (`<html class="dark">`;
 * these anonymous pages never carry the class): without the theme's rules the first paint would be
 * light and then flip to dark. Given as a class, not as a pattern of kept rules, so that a `dark:`
 * utility stays only where an element of the pages carries it (a toast's, a notice's are not).
 */
function withDarkTheme(tag) {
  if (/\sclass="/.test(tag)) return tag.replace(/\sclass="([^"]*)"/, ' class="$1 dark"');
  return tag.replace(/^<html\b/, '<html class="dark"');
}

/** A selector list's parts: split at commas outside parentheses and brackets. */
function selectorParts(selector) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

/** Every class on the pages' elements (attribute values as the browser reads them). */
function classesOf(html) {
  const names = new Set();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.replace(/&amp;/g, "&").split(/\s+/)) if (name) names.add(name);
  return names;
}

/**
 * The part of a page's body the inline rules must style: everything before the full sheet's
 * <link>, which holds back what follows until it applies. It stands before the footer
 * (app/root.tsx), or earlier where a page places it after its first screen (the start page,
 * `StylesheetHandle` in app/components/stylesheet.tsx). The server renders it where it will in
 * production because it starts with a stand-in critical.css (`standInSheets`).
 */
function beforeTheSheet(html, path) {
  const body = html.match(/<body\b[^>]*>[\s\S]*<\/body>/)?.[0] ?? "";
  const link = body.search(/<link\b[^>]*rel="stylesheet"/);
  if (link < 0) throw new Error(`${path}: no full-sheet <link> to end the inline part at`);
  return body.slice(0, link);
}

/**
 * Before the app starts for extraction: the whole sheet as the "critical" one, so the server renders
 * pages as in production, the full sheet's <link> in its place (the inline copy is stripped again).
 */
function standInSheets() {
  writeFileSync(OUTPUT, fullSheet);
  writeFileSync(OUTPUT_PAGES, "{}");
}

/**
 * The first screen shows no closed `<details>` content: the header's menus (≈ 3 KB of rules: their
 * links, the theme buttons, the drawer's spacing) come with the full sheet, which the `<head>`
 * preloads. The panel element itself stays, so its frame (position, background, shadow) is inline:
 * a menu opened in the moment before the sheet applies shows its entries in place, in the browser's
 * own type, not spread across the page. The site menu is the exception: closed, its content is the
 * header's row from md on (app/styles/site-shell.css `.site-menu`); its own menus are emptied.
 */
function withClosedPanelsEmpty(body) {
  const document = parseDocument(body);
  for (const details of DomUtils.getElementsByTagName("details", document)) {
    if ("open" in details.attribs || "data-mobile-menu" in details.attribs) continue;
    for (const panel of details.children) if (panel.type === "tag" && panel.name !== "summary") panel.children = [];
  }
  return DomUtils.getOuterHTML(document);
}

async function fetchPage(path) {
  const response = await fetch(`${server.base}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  // The server inlines the stand-in (the whole sheet, standInSheets); beasties must not read it.
  return (await response.text()).replace(/<style id="app-css"[^>]*>[\s\S]*?<\/style>/, "");
}
