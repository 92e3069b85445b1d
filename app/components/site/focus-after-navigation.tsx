import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { dialogReturningFocus } from "~/components/ui/dialog";
import { focusLost } from "~/components/use-refocus";

/**
 * After a client-side navigation the control that was used is often gone, and the browser drops
 * focus to <body>: the next Tab starts at the top of the page and a screen reader hears nothing.
 *
 * - To another page (a link, a form's redirect to a receipt page): <main> (tabIndex -1, the skip
 *   link's target) takes focus, as a full page load would leave the reader at the content's start.
 * - On the same page (an action's answer, a list's page or filter, a dialog closing): the page's
 *   components place focus first (a heading, the opener of a dialog, the field to correct); what
 *   none of them placed falls back to <main> after their effects, a task later, and never while a
 *   closed dialog is still looking for its opener.
 *
 * Focus still on the page stays; the first load changes nothing.
 */
export function FocusAfterNavigation({ targetId }: { targetId: string }) {
  const { pathname, key } = useLocation();
  const shown = useRef({ pathname, key });
  useEffect(() => {
    if (shown.current.key === key) return;
    const samePage = shown.current.pathname === pathname;
    shown.current = { pathname, key };
    const fallBack = () => {
      if (focusLost()) document.getElementById(targetId)?.focus({ preventScroll: true });
    };
    if (!samePage) return fallBack();
    const timer = window.setTimeout(() => {
      if (!dialogReturningFocus()) fallBack();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, key, targetId]);
  return null;
}
