import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page (a link, a form's redirect to a receipt page) the
 * control that was used is often gone with the old page, and the browser drops focus to <body>: the
 * next Tab starts at the top of the page and a screen reader hears nothing of the new one. Then
 * <main> (tabIndex -1, the skip link's target) takes focus, as a full page load would leave the
 * reader at the content's start. Only when the path changes: a change of the query (a URL-driven
 * dialog closing, a list's page or filter) is the same page, whose components place focus
 * themselves (the dialog returns it to its opener). Focus still on the page stays; the first load
 * changes nothing.
 */
export function FocusAfterNavigation({ targetId }: { targetId: string }) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(targetId)?.focus({ preventScroll: true });
  }, [pathname, targetId]);
  return null;
}
