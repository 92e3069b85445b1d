import { createContext, useContext } from "react";
import { useMatches, useRouteError } from "react-router";

/**
 * The sheet the production server render inlines (app/entry.server.tsx). `critical`: only the rules
 * the landing pages' elements use (scripts/critical-css.mjs, decision 0020), so the full sheet
 * follows as a file; otherwise the whole sheet (a build without critical.css). Development (and the
 * client) have none: there the sheet is a <link> (Vite's CSS hot reload needs one).
 */
export interface InlineStylesheet {
  text: string;
  critical: boolean;
}

export const InlineStylesheetContext = createContext<InlineStylesheet | null>(null);

const INLINE_ID = "app-css";
/**
 * What the client renders: the server's choice, read from the page itself when this module loads
 * (module scripts run after the document is parsed), so hydration matches and a later render never
 * rewrites the sheet.
 */
const clientSheet = (): InlineStylesheet | null => {
  if (typeof document === "undefined") return null;
  const style = document.getElementById(INLINE_ID);
  if (!style) return null;
  return { text: style.textContent ?? "", critical: style.hasAttribute("data-critical") };
};
const fromPage = clientSheet();

function useInlineSheet() {
  return useContext(InlineStylesheetContext) ?? fromPage;
}

/**
 * In <head>. Production: the critical rules inline, so the first paint waits for no second
 * request, and a preload that starts fetching the full sheet at once (the <link> that applies it
 * comes only after the page's content, AppFullStylesheet). Development: the render-blocking <link>.
 */
export function AppStylesheet({ href, nonce }: { href: string; nonce?: string }) {
  const sheet = useInlineSheet();
  if (!sheet?.text) return <link rel="stylesheet" href={href} precedence="default" />;
  return (
    <>
      <style
        id={INLINE_ID}
        nonce={nonce}
        data-critical={sheet.critical ? "" : undefined}
        dangerouslySetInnerHTML={{ __html: sheet.text }}
        suppressHydrationWarning
      />
      {sheet.critical && <link rel="preload" as="style" href={href} />}
    </>
  );
}

/**
 * Between the page's content and the footer (app/root.tsx): the full, immutable sheet
 * (/assets/app-*.css) for what the critical rules leave out (signed-in and admin pages, legal
 * texts, the footer). A plain stylesheet link, no `media="print" onload` trick: the CSP forbids
 * inline handlers and it must work without JavaScript. In the body it does not hold back the paint
 * of what comes before it; Chromium parses nothing after it until it applies
 * (tests/e2e/critical-css.spec.ts), so the footer, below the first screen, needs no inline rules;
 * and the scripts wait for it, so hydration sees the page fully styled. No `precedence`: React
 * would hoist the link into <head>, where it blocks the first paint.
 */
export function AppFullStylesheet({ href }: { href: string }) {
  const sheet = useInlineSheet();
  if (!sheet?.critical) return null;
  return <link rel="stylesheet" href={href} />;
}

/**
 * A route whose page places the full sheet itself, right after its first screen, says so in its
 * handle (`export const handle: StylesheetHandle`); its inline part then holds only that screen's
 * rules (scripts/critical-css.mjs cuts the page at the link). The start page does: below its hero
 * come four sections of cards and the testimonials, ≈ 8 KB of rules no first screen shows.
 */
export type StylesheetHandle = { fullSheetInPage?: boolean };

/**
 * Whether the layout leaves the full sheet to the page. Not on an error page: the route's
 * component, which would place it, is not what is shown.
 */
export function usePagePlacesFullSheet() {
  const matches = useMatches();
  const error = useRouteError();
  if (error) return false;
  return matches.some((match) => (match.handle as StylesheetHandle | undefined)?.fullSheetInPage === true);
}
