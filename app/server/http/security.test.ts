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
