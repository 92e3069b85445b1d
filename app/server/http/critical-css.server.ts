import { readFileSync } from "node:fs";
import { join } from "node:path";

let critical: string | null = null;
let pages: Record<string, string> = {};

/** Where a detail page's path finds the sheet of the detail page the build rendered. */
const DETAIL_PAGE = /^\/products\/[^/]+$/;

/**
 * Reads the critical stylesheets `npm run build` wrote (scripts/critical-css.mjs) once, at start:
 * the union of the landing pages' rules and one sheet per landing page. A build without them
 * (`react-router build` alone) leaves null: the documents then inline the whole sheet as before,
 * which is slower to send but never unstyled.
 */
export function loadCriticalCss(buildDir: string) {
  try {
    critical = readFileSync(join(buildDir, "server", "critical.css"), "utf8");
  } catch {
    critical = null;
  }
  try {
    pages = JSON.parse(readFileSync(join(buildDir, "server", "critical-pages.json"), "utf8")) as Record<string, string>;
  } catch {
    pages = {};
  }
  return critical;
}

/** The critical rules for a document at `pathname`: its own page's, else the landing pages' union. */
export function criticalCss(pathname = "/") {
  if (critical === null) return null;
  const key = DETAIL_PAGE.test(pathname) ? "/products/:id" : pathname;
  return pages[key] ?? critical;
}
