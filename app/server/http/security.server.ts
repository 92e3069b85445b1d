import { env } from "~/server/platform/env.server";

/**
 * Where browsers send what the policy refused (server/csp-report.ts): `report-uri` always,
 * `report-to` too where the shop is served over https. Chromium delivers Reporting API reports
 * only from https documents and ignores `report-uri` once `report-to` is named, so over plain
 * http (development, a test server) it would report nothing (docs/decisions/0021-csp-violation-reports.md).
 */
export const CSP_REPORT_PATH = "/csp-report";

/** The `Reporting-Endpoints` group the CSP's `report-to` names. */
export const CSP_REPORT_GROUP = "csp";

function reportsThroughReportingApi() {
  return new URL(env().PUBLIC_URL).protocol === "https:";
}

/** Headers a document sends with its CSP: the Reporting API's endpoint, over https only. */
export function reportingHeaders(): Record<string, string> {
  return reportsThroughReportingApi() ? { "Reporting-Endpoints": `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` } : {};
}

/** Content-Security-Policy for documents: scripts only with this response's nonce. */
export function contentSecurityPolicy(nonce: string) {
  const dev = !env().isProduction;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    // React's style props render inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: http://localhost:*" : ""}${env().SUPABASE_URL ? ` ${new URL(env().SUPABASE_URL!).origin}` : ""}`,
    "frame-src https://www.openstreetmap.org",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    ...(reportsThroughReportingApi() ? [`report-to ${CSP_REPORT_GROUP}`] : []),
  ].join("; ");
}
