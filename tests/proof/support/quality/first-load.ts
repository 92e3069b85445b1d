// What a browser downloads on the first load of a page: the scripts, module preloads, inline
// module imports and stylesheets the HTML references, plus every static import those built
// files pull in (the browser fetches them before the page hydrates). Dynamic `import()` inside
// built files is left out: it runs later, on demand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface Asset {
  url: string;
  kind: "js" | "css";
  rawBytes: number;
  /**
   * gzip at zlib's default level (6): what a server compressing per request would send. The shop's
   * server sends the build's stored brotli (or gzip at level 9), smaller still (vite.config.ts).
   */
  gzipBytes: number;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}=["']([^"']*)["']`, "i"))?.[1];

/** The asset URLs a page's HTML references directly (same origin only; absolute URLs are kept as found). */
export function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.add(href);
    if (rel.includes("stylesheet")) css.add(href);
  }
  // Inline module scripts: their static imports and the immediate `import("…")` of the entry.
  // The app's bootstrap module arrives inert and starts once the page is shown
  // (app/server/http/deferred-scripts.server.ts): it is part of the first load all the same.
  for (const [, body] of html.matchAll(
    /<script\b[^>]*type=["'](?:module|text\/x-deferred-module)["'][^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    for (const specifier of importSpecifiers(body, { dynamic: true })) js.add(specifier);
  }
  return { js: [...js], css: [...css] };
}

/**
 * Import specifiers of a built ES module. The bundler hoists every static import to the top of a
 * chunk (`import{a as b}from"./x.js";import"./y.js";…`), so only that leading block is read:
 * error messages further down may quote import statements. Dynamic `import("…")` only when asked
 * (for the page's inline bootstrap script, which imports the entry at once).
 */
export function importSpecifiers(code: string, { dynamic = false } = {}): string[] {
  const found: string[] = [];
  const leadingImport = /\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`]+)["'`]\s*;?/y;
  for (let match = leadingImport.exec(code); match; match = leadingImport.exec(code)) found.push(match[1]);
  if (dynamic) {
    for (const [, specifier] of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g))
      found.push(specifier);
    for (const [, specifier] of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(specifier);
  }
  return found;
}

/** Follows the static import graph of the built client files, starting at the page's references. */
export function firstLoadAssets(html: string, pageUrl: string, clientDir: string): Asset[] {
  const { js, css } = referencedAssets(html);
  const origin = new URL(pageUrl).origin;
  const seen = new Map<string, Asset>();
  const fileFor = (url: URL) => {
    if (url.origin !== origin) throw new Error(`first load references another origin: ${url.href}`);
    return join(clientDir, decodeURIComponent(url.pathname));
  };
  const visit = (href: string, kind: Asset["kind"], from: string) => {
    const url = new URL(href, from);
    if (seen.has(url.pathname)) return;
    const content = readFileSync(fileFor(url));
    seen.set(url.pathname, {
      url: url.pathname,
      kind,
      rawBytes: content.length,
      gzipBytes: gzipSync(content).length,
    });
    const text = content.toString("utf8");
    if (kind === "js") for (const specifier of importSpecifiers(text)) visit(specifier, "js", url.href);
    else
      for (const [, imported] of text.matchAll(/@import\s+(?:url\()?["']?([^"')\s;]+)/g))
        visit(imported, "css", url.href);
  };
  for (const href of js) visit(href, "js", pageUrl);
  for (const href of css) visit(href, "css", pageUrl);
  return [...seen.values()];
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
