import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation (a link, a form's redirect to a receipt page) the control that was
 * used is often gone with the old page, and the browser drops focus to <body>: the next Tab starts
 * at the top of the page and a screen reader hears nothing of the new one. Then <main> (tabIndex -1,
 * the skip link's target) takes focus, as a full page load would leave the reader at the content's
 * start. Focus that is still on the page (a kept form, a component's own focus, set in an effect
 * that runs before this one) stays; the first load changes nothing.
 */
export function FocusAfterNavigation({ targetId }: { targetId: string }) {
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(targetId)?.focus({ preventScroll: true });
  }, [key, targetId]);
  return null;
}
