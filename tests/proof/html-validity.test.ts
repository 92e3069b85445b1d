// Every public page is valid HTML according to the Nu HTML Checker (the W3C validator): broken
// markup is what assistive technology, search engines and older browsers stumble over first.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { fetchPublicPages, type FetchedPage } from "./support/quality/collect-pages";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const vnuJar: string = createRequire(import.meta.url)("vnu-jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal";
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let server: AppServer;
let dataDir: string;
let workDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proof-vnu-data-"));
  workDir = mkdtempSync(join(tmpdir(), "proof-vnu-pages-"));
  server = await startAppServer({ env: { DATA_DIR: dataDir, BUILD_DIR }, stdio: "pipe" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

/** One JVM for all pages (starting Java takes seconds); the checker reads the saved files. */
async function validate(pages: FetchedPage[]): Promise<Map<string, VnuMessage[]>> {
  const fileOf = new Map<string, string>();
  pages.forEach((page, index) => {
    const file = join(workDir, `page-${String(index).padStart(2, "0")}.html`);
    writeFileSync(file, page.html);
    fileOf.set(`file:${file}`, page.label);
  });
  const run = promisify(execFile);
  // vnu exits 1 when it found errors; the JSON report is complete either way.
  const { stdout } = await run(
    "java",
    // The stylesheet is inlined (first paint without a blocking request). vnu's CSS checker predates
    // what Tailwind 4 emits (@property, margin-trim, …), so it checks the HTML, not the built CSS,
    // exactly as when the sheet was a <link>.
    [
      "-Xss8m",
      "-jar",
      vnuJar,
      "--format",
      "json",
      "--stdout",
      "--filterpattern",
      "CSS: .*",
      ...[...fileOf.keys()].map((u) => u.slice(5)),
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 150_000,
    },
  ).catch((error: { stdout?: string; code?: number }) => {
    if (typeof error.stdout === "string" && error.stdout.startsWith("{")) return { stdout: error.stdout };
    throw error;
  });
  const byPage = new Map<string, VnuMessage[]>(pages.map((p) => [p.label, []]));
  for (const message of (JSON.parse(stdout) as { messages: VnuMessage[] }).messages) {
    const label = fileOf.get(message.url) ?? message.url;
    const list = byPage.get(label);
    if (list) list.push(message);
    else byPage.set(label, [message]);
  }
  return byPage;
}

it("every public page has 0 errors in the Nu HTML Checker", async () => {
  const pages = await fetchPublicPages(server.base);
  for (const page of pages) {
    expect(page.status, page.label).toBe(page.page.status);
    expect(page.html, page.label).toMatch(/^<!DOCTYPE html>/i);
  }
  const results = await validate(pages);
  const errors: string[] = [];
  let warnings = 0;
  for (const [label, messages] of results) {
    const pageErrors = messages.filter((m) => m.type !== "info");
    const pageWarnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
    warnings += pageWarnings.length;
    console.log(`${label}: ${pageErrors.length} errors, ${pageWarnings.length} warnings`);
    for (const m of pageErrors)
      errors.push(`${label} line ${m.lastLine ?? "?"}: ${m.message} [${(m.extract ?? "").trim().slice(0, 120)}]`);
  }
  console.log(`${pages.length} pages checked: ${errors.length} errors, ${warnings} warnings`);
  if (errors.length) console.log(errors.join("\n"));
  expect(errors).toEqual([]);
});
