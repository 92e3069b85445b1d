import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * What the header does once JavaScript runs: translucent after scrolling, one menu open at a time,
 * Escape / outside click / navigation close menus, focus trap in the mobile menu. Without
 * JavaScript none of this is needed: the menus are <details> disclosures.
 */

export function useScrolled(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Whether a control in the mobile menu can take focus. The drawer lays its menus open although
 * their <details> are closed (`::details-content`, app/styles/site-shell.css), so "inside a closed <details>" is
 * not "hidden"; `checkVisibility` knows, where it exists.
 */
function isShown(el: HTMLElement) {
  if (typeof el.checkVisibility === "function") return el.checkVisibility();
  return el.getClientRects().length > 0 && !el.closest("details:not([open]) > :not(summary)");
}

export function useMenuBehaviour(headerRef: RefObject<HTMLElement | null>, locationKey: string, pathname: string) {
  // Navigation closes every menu (including the mobile one). Not on the first run: a menu the
  // visitor opened before the scripts started stays open. An action from inside a menu answered on
  // the same page (the theme switch) hands focus back to the menu's button, which is still shown,
  // rather than dropping it to <body> with the closed menu's content.
  const shown = useRef({ locationKey, pathname });
  useEffect(() => {
    if (shown.current.locationKey === locationKey) return;
    const samePage = shown.current.pathname === pathname;
    shown.current = { locationKey, pathname };
    const open = Array.from(headerRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []);
    const holding = samePage ? open.filter((d) => d.contains(document.activeElement)).reverse() : [];
    open.forEach((d) => d.removeAttribute("open"));
    for (const menu of holding) {
      const button = menu.querySelector<HTMLElement>(":scope > summary");
      if (button && isShown(button)) {
        button.focus();
        break;
      }
    }
  }, [headerRef, locationKey, pathname]);

  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;

    const dropdowns = () => Array.from(header.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));
    const mobile = header.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");

    // Only one dropdown open at a time. `toggle` does not bubble, so listen in the capture phase.
    const onToggle = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLDetailsElement)) return;
      if (target.hasAttribute("data-menu") && target.open) {
        for (const other of dropdowns()) if (other !== target) other.open = false;
      }
      if (target === mobile) {
        document.documentElement.style.overflow = target.open ? "hidden" : "";
        if (target.open) {
          for (const d of dropdowns()) d.open = false;
        }
      }
    };

    // A click outside an open dropdown closes it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      for (const d of dropdowns()) if (d.open && target && !d.contains(target)) d.open = false;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        const open = [...dropdowns(), ...(mobile ? [mobile] : [])].filter((d) => d.open);
        if (open.length === 0) return;
        // Close the innermost first; focus returns to its summary.
        const innermost = open[open.length - 1];
        const dropdownOpen = dropdowns().find((d) => d.open);
        const toClose = dropdownOpen ?? innermost;
        toClose.open = false;
        toClose.querySelector("summary")?.focus();
        event.preventDefault();
        return;
      }
      // Focus trap inside the open mobile menu (summary = close button, plus the panel).
      if (event.key === "Tab" && mobile?.open) {
        const items = Array.from(mobile.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isShown);
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!mobile.contains(active)) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && active === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };

    // Leaving the mobile breakpoint with the menu open must not leave the page scroll-locked.
    const media = window.matchMedia("(min-width: 48rem)");
    const onMedia = () => {
      if (media.matches && mobile?.open) mobile.open = false;
    };

    header.addEventListener("toggle", onToggle, true);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    media.addEventListener("change", onMedia);
    return () => {
      header.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      media.removeEventListener("change", onMedia);
      document.documentElement.style.overflow = "";
    };
  }, [headerRef]);
}
