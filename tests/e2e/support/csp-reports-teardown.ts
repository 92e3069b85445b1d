import { cspReports, unexpectedReports } from "./csp-reports";

/**
 * When the suite ends: the server received no CSP violation report. The in-page listener of
 * ./fixtures.ts names the test, but only where JavaScript runs; the browser's own reports also
 * cover the js-off project and every frame. Fails the run with the reports listed.
 */
export default async function globalTeardown() {
  const unexpected = unexpectedReports(await cspReports());
  if (unexpected.length === 0) return;
  const lines = unexpected.map(
    (r) =>
      `- ${r.documentUrl}: ${r.effectiveDirective} refused ${r.blockedUri}` +
      `${r.sourceFile ? ` (${r.sourceFile}:${r.line ?? "?"})` : ""}${r.sample ? ` "${r.sample}"` : ""} [${r.via}]`,
  );
  throw new Error(`The server received ${unexpected.length} CSP violation report(s):\n${lines.join("\n")}`);
}
