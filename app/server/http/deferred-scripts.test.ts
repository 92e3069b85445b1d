import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "~/lib/deferred-module";
import { deferScripts } from "~/server/http/deferred-scripts.server";

// The two tags as React Router 7's <Scripts> renders them (a change there shows up here first).
const shell =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n0=="/><style>p{}</style></head>' +
  '<body><p>Hallo</p><script nonce="n0==">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0==" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script></body>';

describe("deferScripts", () => {
  it("drops the module preloads and makes the bootstrap module inert, keeping its nonce and code", () => {
    const html = deferScripts(shell);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      `<script nonce="n0==" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-C.js";`,
    );
    expect(html).not.toContain('type="module"');
    expect(html).toContain("<style>p{}</style>");
    expect(html).toContain('<script nonce="n0==">window.__reactRouterContext = {};</script>');
  });

  it("writes the route manifest compact, with `<` still escaped", () => {
    const manifest = {
      entry: { module: "/assets/entry.client-A.js", imports: ["/assets/framework-B.js"] },
      note: "</script>",
    };
    // Indented as React Router prints it, `<` escaped as it escapes it.
    const printed = JSON.stringify(manifest, null, 2).replace(/</g, "\\u003c");
    const html = deferScripts(
      shell.replace(
        'import("/assets/entry.client-A.js");',
        `  window.__reactRouterManifest = ${printed};\n  window.__reactRouterRouteModules = {};\nimport("/assets/entry.client-A.js");`,
      ),
    );
    const compact = html.match(/window\.__reactRouterManifest = (.*);\n {2}window\.__reactRouterRouteModules/)?.[1];
    expect(compact).toBe(JSON.stringify(manifest).replace(/</g, "\\u003c"));
    expect(html).not.toContain('</script>"');
  });

  it("leaves a document without React Router's bootstrap module unchanged (its preloads too)", () => {
    const other = '<head><link rel="modulepreload" href="/x.js"/></head><body>kein Skript</body>';
    expect(deferScripts(other)).toBe(other);
  });
});
