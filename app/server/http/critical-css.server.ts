import { readFileSync } from "node:fs";
import { join } from "node:path";

let critical: string | null = null;

/**
 * Reads the critical stylesheet `npm run build` wrote (scripts/critical-css.mjs) once, at start.
 * A build without it (`react-router build` alone) leaves null: the documents then inline the whole
 * sheet as before, which is slower to send but never unstyled.
 */
export function loadCriticalCss(buildDir: string) {
  try {
    critical = readFileSync(join(buildDir, "server", "critical.css"), "utf8");
  } catch {
    critical = null;
  }
  return critical;
}

export const criticalCss = () => critical;
