import { useEffect, useRef } from "react";

/**
 * After `state` changes (a voucher redeemed or removed, an order's status set), the control that was
 * pressed may be gone or disabled. The browser then drops focus to <body>, or leaves it on the disabled
 * button where Tab starts again from the top: keyboard users would lose their place. Then the returned
 * element (a heading with tabIndex -1) takes focus. Focus that is still somewhere sensible stays; the
 * first render changes nothing.
 */
export function useRefocusAfterChange<T extends HTMLElement>(state: string) {
  const target = useRef<T>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    const active = document.activeElement;
    if (!active || active === document.body || active.matches(":disabled")) target.current?.focus();
  }, [state]);
  return target;
}
