import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/components/ui/cn";
import { CloseIcon } from "~/components/ui/icons";

export type DialogProps = {
  /** Render only when the URL says the dialog is open; defaults to true. */
  open?: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Where closing goes: the same page without the dialog's search parameter. */
  closeHref: string;
  /** Label of the close control; defaults to 'Schließen'. */
  closeLabel?: string;
  children?: ReactNode;
  /** Footer actions (buttons, forms). */
  footer?: ReactNode;
  className?: string;
};

/** The last element focused outside a dialog: the opener, even when it left the page meanwhile. */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest("dialog")) lastFocused = event.target;
  });
}

/** How to find the opener again when its list re-rendered (new rows after the reload). */
function openerSelector(el: HTMLElement) {
  for (const attr of ["id", "aria-label", "href"]) {
    const value = el.getAttribute(attr);
    if (value) return `${el.tagName.toLowerCase()}[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

/**
 * Focus goes back to the control that opened the dialog. When the list was re-rendered meanwhile
 * (closing reloads the page's data), the same control is looked up once the new rows are there;
 * failing that, focus goes to <main>, never to <body> (keyboard users would restart at the top).
 */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  const selector = opener ? openerSelector(opener) : null;
  const deadline = performance.now() + 3000;
  returning = true;
  const retry = () => {
    const active = document.activeElement;
    const again = selector ? document.querySelector<HTMLElement>(selector) : null;
    if (active && active !== document.body)
      returning = false; // the user (or the page) moved on
    else if (again) {
      returning = false;
      again.focus();
    } else if (selector && performance.now() < deadline) window.setTimeout(retry, 50);
    else {
      returning = false;
      document.getElementById("main")?.focus();
    }
  };
  window.setTimeout(retry, 0);
}

/** A closed dialog is still looking for its opener to give focus back to (returnFocus). */
let returning = false;
export const dialogReturningFocus = () => returning;

/**
 * A URL-driven dialog. The server renders it whenever the URL says it is open, as a native
 * `<dialog open>` over a dimmed overlay with a close link, so it works without JavaScript (the page
 * behind it is then inert by CSS, app/styles/ui.css).
 * When JS runs it becomes a real modal (`showModal()`): the rest of the page is inert, focus
 * stays inside, Escape navigates to `closeHref`, and focus returns to where it was on close.
 */
export function Dialog({
  open = true,
  title,
  description,
  closeHref,
  closeLabel = "Schließen",
  children,
  footer,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    // The opener may be gone already (its list shows placeholders while the page reloads).
    const previouslyFocused = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
    if (!dialog.matches(":modal")) {
      dialog.close();
      try {
        dialog.showModal();
      } catch {
        dialog.show();
      }
    }
    // Focus the first field or control, else the dialog itself.
    const first = dialog.querySelector<HTMLElement>(
      "[autofocus], input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled]), a[href]",
    );
    (first ?? dialog).focus();
    return () => returnFocus(previouslyFocused);
  }, [open]);

  if (!open) return null;

  return (
    <div className="dialog-overlay fixed inset-0 z-50 flex items-center justify-center bg-black/55 p-4 has-[dialog:modal]:bg-transparent">
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeHref, { preventScrollReset: true });
        }}
        className={cn(
          "relative m-auto max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto rounded-xl border border-border",
          "bg-popover p-6 text-popover-foreground shadow-2xl animate-fade-in",
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1.5">
            <h2 id={titleId} className="text-xl font-semibold leading-tight">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            replace
            className="-mr-2 -mt-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
          >
            <CloseIcon />
            <span className="sr-only">{closeLabel}</span>
          </Link>
        </div>
        <div className="mt-4">{children}</div>
        {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
      </dialog>
    </div>
  );
}
