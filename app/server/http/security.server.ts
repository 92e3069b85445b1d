import { isPublicAnswer } from "~/server/http/cache-policy.server";
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

/**
 * Cross-Origin-Opener-Policy of a document, by its Cache-Control. A page that is the viewer's own
 * (private: anything a member sees signed in, sign-in, cart, checkout, errors) opens in a browsing
 * context group of its own, so no window of another site holds a handle on it; signing in ends in
 * such a document load (routes/auth.tsx), which cuts the handle of a window that opened the shop.
 * A public page is the same bytes for every visitor and has nothing to guard, and COOP is not
 * free: opened from a tab that showed anything else, it starts a fresh renderer process, a
 * main-thread task of 60–130 ms before the first paint here, four times that under Lighthouse's
 * mobile throttling (docs/decisions/0028-opener-policy-on-private-documents.md).
 */
export function openerPolicyHeaders(cacheControl: string | null): Record<string, string> {
  return isPublicAnswer(cacheControl) ? {} : { "Cross-Origin-Opener-Policy": "same-origin" };
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
