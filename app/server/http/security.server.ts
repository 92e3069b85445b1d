import { env } from "~/server/platform/env.server";

/**
 * Where browsers send what the policy refused (server/csp-report.ts). `report-uri` only, not
 * `report-to`: Chromium ignores `report-uri` as soon as `report-to` is present and then batches its
 * reports through the Reporting API (docs/decisions/0021-csp-violation-reports.md).
 */
export const CSP_REPORT_PATH = "/csp-report";

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
  ].join("; ");
}
