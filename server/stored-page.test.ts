// What a page becomes when stored: which scripts get a hash, when a page cannot be stored, and
// which variant an Accept-Encoding header gets.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/server/http/security.server";
import { inlineScriptHashes, pickEncoding, withoutNonce } from "./stored-page";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const N = "abcdefghijklmnopqrstuv==";

describe("stored page", () => {
  it("hashes the inline scripts that carry the nonce, as the browser reads their text", () => {
    const html = Buffer.from(
      `<script nonce="${N}">a()</script>` +
        `<script nonce="${N}" data-x="1>2">b()\r\nc()\r</script >` +
        `<script nonce="${N}" type="text/x-deferred-module">import("/x.js")</script>` +
        `<script nonce="${N}" type="application/ld+json">{"@type":"Product"}</script>` +
        `<script nonce="${N}" src="/assets/e.js" type="module"></script>` +
        // Injected markup has no nonce: no hash for it, on a hit as on the miss.
        `<script>evil()</script><SCRIPT nonce="${N}">a()</SCRIPT>`,
    );
    expect(inlineScriptHashes(html, N)).toEqual([sha256("a()"), sha256("b()\nc()\n"), sha256('import("/x.js")')]);
  });

  it("replaces the nonce in script-src by the hashes and strips it from the body", () => {
    const body = Buffer.from(`<link nonce="${N}"/><style nonce="${N}">p{}</style><script nonce="${N}">a()</script>`);
    const page = withoutNonce(body, `default-src 'self'; script-src 'self' 'nonce-${N}'; style-src 'self'`, N);
    expect(page?.csp).toBe(`default-src 'self'; script-src 'self' ${sha256("a()")}; style-src 'self'`);
    expect(page?.body.toString()).toBe("<link/><style>p{}</style><script>a()</script>");
  });

  it("keeps the violation reporting of the shop's CSP: the rendered page and the stored one report alike", () => {
    const rendered = contentSecurityPolicy(N);
    const stored = withoutNonce(Buffer.from(`<script nonce="${N}">a()</script>`), rendered, N)?.csp;
    expect(rendered).toMatch(/(^|; )report-uri \/csp-report(;|$)/);
    expect(stored).toMatch(/(^|; )report-uri \/csp-report(;|$)/);
    expect(stored).not.toContain(N);
    // Served over https the policy also names the Reporting API's endpoint; the stored one keeps it.
    const https = `${rendered}; report-to csp`;
    expect(withoutNonce(Buffer.from(`<script nonce="${N}">a()</script>`), https, N)?.csp).toMatch(
      /; report-uri \/csp-report; report-to csp$/,
    );
  });

  it("refuses a page whose nonce is used beyond scripts or shows up elsewhere in the body", () => {
    const body = Buffer.from(`<script nonce="${N}">a()</script>`);
    expect(withoutNonce(body, `script-src 'self' 'nonce-${N}'; style-src 'nonce-${N}'`, N)).toBeNull();
    expect(withoutNonce(Buffer.from(`${body}<p>${N}</p>`), `script-src 'nonce-${N}'`, N)).toBeNull();
  });

  it("picks br, then gzip, then identity, reading q-values", () => {
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("")).toBe("identity");
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("gzip;q=0.8, br;q=0.9")).toBe("br");
    expect(pickEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity;q=0, *;q=0")).toBeUndefined();
    expect(pickEncoding("zstd, identity;q=0")).toBeUndefined();
    expect(pickEncoding("gzip;level=9")).toBeUndefined();
    expect(pickEncoding("gzip, br", ["gzip", "identity"])).toBe("gzip");
    expect(pickEncoding("br", ["gzip", "identity"])).toBe("identity");
  });
});
