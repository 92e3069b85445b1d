import { useEffect, useRef } from "react";

/**
 * After `state` changes (a voucher redeemed or removed, an order's status set), the control that was
 * pressed may be gone or disabled. The browser then drops focus to <body>, or leaves it on the disabled
 * button where Tab starts again from the top: keyboard users would lose their place. Then the returned
 * element (a heading with tabIndex -1) takes focus, also from the submit button that was pressed.
 * Focus the user has moved elsewhere stays; the first render changes nothing.
 */
export function useRefocusAfterChange<T extends HTMLElement>(state: string) {
  const target = useRef<T>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    if (focusIsFree()) target.current?.focus();
  }, [state]);
  return target;
}

/**
 * Whether an answer may place focus: it is on <body> (the control that had it is gone or was
 * disabled) or still on the submit button that sent the form (a pending button keeps it,
 * components/ui/button.tsx). Focus the user has moved elsewhere meanwhile stays where it is.
 */
export function focusIsFree() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(":disabled, [type=submit]");
}
