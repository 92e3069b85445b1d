import { createContext, useContext } from "react";

/**
 * The whole stylesheet as text, given by the production server render (app/entry.server.tsx):
 * it goes inline into <head>, so the first paint waits for no second request. Development (and
 * the client) have none: there the sheet is a <link> (Vite's CSS hot reload needs one).
 */
export const InlineStylesheetContext = createContext<string | null>(null);

const INLINE_ID = "app-css";
/**
 * What the client renders for the inline sheet: the server's text, read from the page itself when
 * this module loads (module scripts run after the document is parsed).
 */
const clientText =
  typeof document === "undefined" ? undefined : (document.getElementById(INLINE_ID)?.textContent ?? "");

/**
 * The app's stylesheet: inline in production (~10.5 KB, ~2.7 KB gzip per document, cheaper than a
 * render-blocking round trip on a phone), a <link> otherwise. The client renders what the server
 * sent, so hydration matches and a later render never rewrites the sheet.
 */
export function AppStylesheet({ href, nonce }: { href: string; nonce?: string }) {
  const serverText = useContext(InlineStylesheetContext);
  const text = serverText ?? clientText;
  if (!text) return <link rel="stylesheet" href={href} precedence="default" />;
  return <style id={INLINE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />;
}
