import { useEffect, useRef } from "react";

/**
 * After `state` changes (a voucher redeemed or removed, an order's status set), the control that was
 * pressed may be gone or disabled. The browser then drops focus to <body>, or leaves it on the disabled
 * button where Tab starts again from the top: keyboard users would lose their place. Then the returned
 * element (a heading with tabIndex -1) takes focus, also from the submit button that was pressed.
 * Focus the user has moved elsewhere stays; the first render changes nothing.
 *
 * `whenLost`: only when focus was really lost. For a list that others change meanwhile (jobs run,
 * mails go out, another admin acts): a change that is not the user's must not take focus from a
 * button that is still there.
 *
 * `ownSection`: only focus that was in the target's own <section>, or is gone altogether, moves. For a
 * page where one answer changes several sections (a payment that completes an order changes its
 * status too): the section whose button was pressed takes focus, not the first to notice.
 */
export function useRefocusAfterChange<T extends HTMLElement>(
  state: string,
  { whenLost = false, ownSection = false } = {},
) {
  const target = useRef<T>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    const free = whenLost ? focusLost() : focusIsFree();
    if (free && (!ownSection || focusGone() || focusWithin(target.current?.closest("section")))) {
      target.current?.focus();
    }
  }, [state, whenLost, ownSection]);
  return target;
}

/** Focus is on <body> or on an element that is no longer in the page. */
function focusGone() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

const focusWithin = (container: Element | null | undefined) => Boolean(container?.contains(document.activeElement));

/** Focus is nowhere: on <body>, on an element that is gone, or on one that was disabled. */
export function focusLost() {
  return focusGone() || document.activeElement!.matches(":disabled");
}

/**
 * Whether an answer may place focus: it was lost (above) or is still on a submit button, the one
 * that sent the form (a pending button keeps it, components/ui/button.tsx). Focus the user has moved
 * elsewhere meanwhile stays where it is.
 */
export function focusIsFree() {
  return focusLost() || document.activeElement!.matches("[type=submit]");
}
