// The CSP violation reports the shop's server received (POST /csp-report, kept in memory with
// E2E_TEST_HOOKS=true and listed by GET /__e2e/csp-reports): server/csp-report.ts.

import { APP_URL } from "../../../playwright.config";

export interface CspReport {
  documentUrl: string;
  effectiveDirective: string;
  blockedUri: string;
  sourceFile: string | null;
  line: number | null;
  disposition: string;
  sample: string;
  via: string;
}

/** tests/e2e-alone/csp-report.js-only.spec.ts provokes violations with scripts from this origin, and looks for their reports. */
export const PROBE_ORIGIN = "https://csp-report-probe.invalid";

/** Asked of the shop's own http port (APP_URL), not through the TLS front with its self-signed certificate. */
export async function cspReports(): Promise<CspReport[]> {
  const response = await fetch(new URL("/__e2e/csp-reports", APP_URL));
  if (!response.ok) throw new Error(`GET /__e2e/csp-reports: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { reports: CspReport[] }).reports;
}

/**
 * Reports no test of the suite should have caused. Left out: the probe's own, and the one refusal
 * the in-page listener allows by design (tests/e2e/support/fixtures.ts): the admin's sandboxed
 * newsletter preview (a srcdoc frame) refuses the remote images a newsletter names.
 */
export function unexpectedReports(reports: CspReport[]) {
  return reports.filter(
    (report) =>
      !report.blockedUri.startsWith(`${PROBE_ORIGIN}/`) &&
      // Chromium reports a document of another scheme by its scheme alone (CSP 3 "strip URL for use
      // in reports"): the preview's about:srcdoc comes as `about`.
      !(/^about(:|$)/.test(report.documentUrl) && report.effectiveDirective === "img-src"),
  );
}
