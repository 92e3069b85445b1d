import { useEffect, useRef } from "react";

/**
 * After a cart line goes away its 'Entfernen' button is gone and the browser drops focus to
 * <body>: keyboard users would start again at the top of the page. Focus moves to the remove
 * button of the line that took its place (or the last line), or to the heading of an empty cart.
 * The toast announces what happened (role="status").
 */
export function useFocusAfterRemove(lineIds: string[], headingId: string) {
  const previous = useRef(lineIds);
  useEffect(() => {
    const before = previous.current;
    previous.current = lineIds;
    const removedAt = before.findIndex((id) => !lineIds.includes(id));
    if (removedAt < 0) return;
    const active = document.activeElement;
    if (active && active !== document.body) return; // focus is still somewhere sensible
    const next = lineIds[Math.min(removedAt, lineIds.length - 1)];
    const target = next
      ? document.querySelector<HTMLElement>(`[data-remove-line="${CSS.escape(next)}"]`)
      : document.getElementById(headingId);
    target?.focus();
  }, [lineIds, headingId]);
}
