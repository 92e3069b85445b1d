// Second half of `npm run build` (after `react-router build`): writes the critical stylesheet the
// production server inlines into every document (app/components/stylesheet.tsx,
// docs/decisions/0020-critical-css.md). It starts the fresh build on a throwaway embedded database
// with the demo data, fetches the pages most visitors land on, and lets beasties keep the rules of
// the full sheet that match an element on any of them. The result goes to
// BUILD_DIR/server/critical.css, next to the server build that reads it at start.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Beasties from "beasties";
import { startAppServer } from "./lib/app-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const CLIENT_DIR = join(BUILD_DIR, "client");
const OUTPUT = join(BUILD_DIR, "server", "critical.css");

/**
 * Landing pages: the start page, the catalogue lists, a detail page, sign-in, the cart, contact. Their union
 * is the shell (header, menus, footer), the cards and the forms, so a page not listed here still
 * paints its frame from the inline part; its own rules arrive with the full sheet.
 */
const PAGES = ["/", "/products", "/courses", "/events", "/offers", "/auth", "/cart", "/contact"];

const sheets = readdirSync(join(CLIENT_DIR, "assets")).filter((name) => /^app-[\w-]+\.css$/.test(name));
if (sheets.length !== 1) throw new Error(`expected one app-*.css in ${CLIENT_DIR}/assets, found ${sheets.length}`);
const sheetHref = `/assets/${sheets[0]}`;

// Always the embedded database and no mail: the build must not touch an operator's PostgreSQL or SMTP.
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
const dataDir = mkdtempSync(join(tmpdir(), "critical-css-"));
const server = await startAppServer({ env: { DATA_DIR: dataDir, BUILD_DIR }, stdio: "pipe" });
let bodies = "";
let htmlTag = "<html>";
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
    bodies += html.match(/<body\b[^>]*>[\s\S]*<\/body>/)?.[0] ?? "";
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// One document holding every page's body: beasties keeps a rule if its selector matches anywhere.
const document = `<!DOCTYPE html>${htmlTag}<head><link rel="stylesheet" href="${sheetHref}"></head>${bodies}</html>`;
const beasties = new Beasties({
  path: CLIENT_DIR,
  publicPath: "/",
  preload: false,
  pruneSource: false,
  inlineFonts: false,
  // Animations the pages name (fade-in of the menus, the navigation bar) stay; the rest waits.
  keyframes: "critical",
  compress: true,
  logLevel: "warn",
  allowRules: [
    // The theme a signed-in visitor chose is a class on <html> these anonymous pages never carry:
    // without its variables the first paint would be light and then flip to dark.
    /(^|[\s,(])\.dark\b/,
  ],
});
const processed = await beasties.process(document);
const critical = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
if (!critical.includes(".skip-link")) throw new Error("critical CSS lacks the layout's rules");
writeFileSync(OUTPUT, critical);
console.log(`critical CSS: ${(critical.length / 1024).toFixed(1)} KB of ${sheetHref} → ${OUTPUT}`);

async function fetchPage(path) {
  const response = await fetch(`${server.base}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  // The server inlines the full sheet while no critical.css exists; beasties must not read it.
  return (await response.text()).replace(/<style id="app-css"[^>]*>[\s\S]*?<\/style>/, "");
}
