/**
 * Hydration waits until the page is shown (docs/decisions/0006-script-deferral.md).
 *
 * Every page works without JavaScript, so nothing the visitor sees first needs the scripts. React
 * Router's `<Scripts>` puts `<link rel="modulepreload">` for every module into the head and an
 * inline module whose static imports load and run the app at once; on a slow phone those downloads
 * share the line with the document, and their evaluation can land before the first frame. The
 * document's first batch is therefore rewritten:
 * - the modulepreload links go (the imports fetch the same files a moment later, in parallel);
 * - the inline module becomes inert (`type="text/x-deferred-module"`); `RunDeferredModule` in
 *   root.tsx (app/lib/deferred-module.ts) turns it into a real module once the page is shown.
 * React Router renders both tags in a fixed form; a page whose markup does not match is sent
 * unchanged (the scripts then load as before). The route manifest in the module, which React Router
 * prints indented, is written compact on the way (about a quarter of the module's bytes).
 */
import { DEFERRED_MODULE_TYPE } from "~/lib/deferred-module";

const MODULEPRELOAD = /<link rel="modulepreload" href="[^"<>]*"(?: nonce="[^"<>]*")?\/>/g;
const INLINE_MODULE = /(<script nonce="[^"<>]*") type="module" async="">/;
/** The manifest's object: its closing brace is the only one at the start of a line. */
const MANIFEST = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});/;

export function deferScripts(html: string): string {
  let deferred = false;
  let rewritten = html.replace(INLINE_MODULE, (_, opening: string) => {
    deferred = true;
    return `${opening} type="${DEFERRED_MODULE_TYPE}">`;
  });
  if (!deferred) return html;
  rewritten = rewritten.replace(MANIFEST, (whole, json: string) => {
    try {
      // `<` stays escaped, as React Router escapes it: no `</script>` can end the script early.
      return `window.__reactRouterManifest = ${JSON.stringify(JSON.parse(json)).replace(/</g, "\\u003c")};`;
    } catch {
      return whole;
    }
  });
  // React hoists the preloads into the head; the body (most of the bytes) is not searched.
  const headEnd = rewritten.indexOf("</head>");
  if (headEnd < 0) return rewritten.replace(MODULEPRELOAD, "");
  return rewritten.slice(0, headEnd).replace(MODULEPRELOAD, "") + rewritten.slice(headEnd);
}
