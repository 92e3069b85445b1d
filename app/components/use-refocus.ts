import { useEffect, useRef } from "react";

/**
 * After `state` changes (a voucher redeemed or removed), the control that was pressed
 * may be gone or disabled, and the browser drops focus to <body>: keyboard users would start again
 * at the top. Then the returned element (a heading with tabIndex -1) takes focus. Focus that is
 * still somewhere sensible stays; the first render changes nothing.
 */
export function useRefocusAfterChange<T extends HTMLElement>(state: string) {
  const target = useRef<T>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [state]);
  return target;
}
