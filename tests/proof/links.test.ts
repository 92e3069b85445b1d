// No broken links: starting at the home page, every internal link, image, stylesheet and script
// (recursively, within the origin) answers without a 4xx/5xx. External links are not fetched
// (no internet here); they are listed and must be well-formed https URLs (or mailto:/tel:).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LinkChecker, LinkState } from "linkinator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freePort } from "../../scripts/lib/throwaway-postgres.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

let server: AppServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proof-links-"));
  const port = await freePort();
  // PUBLIC_URL is the site's own address (canonical links point back into the crawl).
  server = await startAppServer({
    port,
    env: { DATA_DIR: dataDir, BUILD_DIR, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: "pipe",
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function wellFormedExternal(link: string): boolean {
  try {
    const url = new URL(link);
    if (url.protocol === "mailto:") return /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(decodeURIComponent(url.pathname));
    if (url.protocol === "tel:") return /^\+?[\d\s()/-]{5,}$/.test(decodeURIComponent(url.pathname));
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

it("every internal link, image, stylesheet and script reachable from / works", async () => {
  const origin = new URL(server.base).origin;
  const external = new Set<string>();
  const checker = new LinkChecker();
  const pages = new Set<string>();
  checker.on("pagestart", (page) => pages.add(page));
  const { links } = await checker.check({
    path: `${server.base}/`,
    recurse: true,
    concurrency: 4, // a shared, busy machine; the crawl is small
    timeout: 30_000,
    linksToSkip: async (link) => {
      let url: URL | undefined;
      try {
        url = new URL(link);
      } catch {
        return false; // let linkinator report a malformed link as broken
      }
      if (url.origin === origin) return false;
      external.add(link);
      return true;
    },
  });
  const internal = links.filter((l) => l.state !== LinkState.SKIPPED);
  const broken = internal
    .filter((l) => l.state === LinkState.BROKEN)
    .map((l) => `${l.status ?? "no answer"} ${l.url} (linked from ${l.parent ?? "?"})`);
  console.log(
    `checked ${internal.length} internal URLs on ${pages.size} pages, ${external.size} external links (not fetched):\n  ` +
      [...external].sort().join("\n  "),
  );
  expect(internal.length).toBeGreaterThan(30);
  // The crawl really went deep: catalogue details and legal pages were reached and read.
  for (const path of ["/products/", "/events/", "/courses/", "/impressum", "/datenschutz"]) {
    expect(
      [...pages].some((page) => new URL(page).pathname.startsWith(path)),
      path,
    ).toBe(true);
  }
  expect(broken).toEqual([]);
  const malformed = [...external].filter((link) => !wellFormedExternal(link));
  expect(malformed).toEqual([]);
});
