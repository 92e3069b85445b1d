// Where a document's CSP sends its violation reports, by the scheme the shop is served over
// (PUBLIC_URL): https names the Reporting API's endpoint as well (decision 0021). A stored page keeps
// both directives (server/stored-page.test.ts).
import { afterEach, describe, expect, it, vi } from "vitest";

const N = "abcdefghijklmnopqrstuv==";

async function policyFor(publicUrl: string) {
  vi.resetModules();
  vi.stubEnv("PUBLIC_URL", publicUrl);
  const { contentSecurityPolicy, reportingHeaders } = await import("./security.server");
  return { csp: contentSecurityPolicy(N), headers: reportingHeaders() };
}

describe("CSP violation reporting", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("over https: report-to the shop's endpoint, report-uri kept for browsers without the Reporting API", async () => {
    const { csp, headers } = await policyFor("https://shop.example");
    expect(csp).toMatch(/; report-uri \/csp-report; report-to csp$/);
    expect(headers).toEqual({ "Reporting-Endpoints": 'csp="/csp-report"' });
  });

  it("over http: report-uri only, since Chromium would then report nothing at all", async () => {
    const { csp, headers } = await policyFor("http://127.0.0.1:3000");
    expect(csp).toMatch(/; report-uri \/csp-report$/);
    expect(csp).not.toContain("report-to");
    expect(headers).toEqual({});
  });
});

describe("Cross-Origin-Opener-Policy of a document (decision 0028)", () => {
  it("guards every page that is the viewer's own, and leaves it off the pages that are the same for all", async () => {
    const { openerPolicyHeaders } = await import("./security.server");
    const guarded = { "Cross-Origin-Opener-Policy": "same-origin" };
    expect(openerPolicyHeaders("public, max-age=60, s-maxage=300")).toEqual({});
    expect(openerPolicyHeaders("public, max-age=300, s-maxage=3600")).toEqual({});
    expect(openerPolicyHeaders("private, no-store")).toEqual(guarded);
    expect(openerPolicyHeaders("private, max-age=60")).toEqual(guarded);
    expect(openerPolicyHeaders("public, no-store")).toEqual(guarded);
    // A page no route gave a policy (an error page, a 404) is treated as personal.
    expect(openerPolicyHeaders(null)).toEqual(guarded);
  });
});
