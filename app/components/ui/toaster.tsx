import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useHydrated } from "~/components/hydrated";
import type { Toast, ToastType } from "~/lib/toast";
import { cn } from "~/components/ui/cn";
import { AlertCircleIcon, AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "~/components/ui/icons";
import { MessageText } from "~/components/message-text";

type StoredToast = Toast & { id: number };

/* Spec §9: up to 3 visible, 4000 ms, width 356 px, gap 14 px. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

/* ---- tiny client store ---------------------------------------------------------------- */

let toasts: StoredToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: StoredToast[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts showing now, oldest first. */
export function visibleToasts(): StoredToast[] {
  return toasts;
}

const sameToast = (a: Toast, b: Toast) =>
  a.type === b.type && a.message === b.message && a.description === b.description;

/** An error still showing when a success comes was about the attempt the success has just replaced. */
const supersededBy = (shown: Toast, toast: Toast) =>
  sameToast(shown, toast) || (toast.type === "success" && shown.type === "error");

/**
 * Shows a toast from client code (event handlers, effects). Returns its id. A toast saying the same
 * as one still showing (a form saved twice within its 4 s) takes that one's place instead of
 * stacking a copy: it is announced again and its time starts anew. A success takes the errors
 * still showing with it (a retry that worked: "Fehler bei der Anmeldung" beside "Erfolgreich
 * angemeldet!" would contradict it).
 */
export function showToast(toast: Toast): number {
  const id = nextId++;
  toasts = [...toasts.filter((shown) => !supersededBy(shown, toast)), { ...toast, id }].slice(-TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

/* ---- component ------------------------------------------------------------------------ */

export type ToasterProps = {
  /** The flash toast of this request (root loader), rendered on the server. */
  toast: Toast | null | undefined;
};

/**
 * Notification area. The server renders the request's toast into live regions (visible without
 * JS). Once hydrated, toasts come from the client store: the loader's toast on each navigation plus
 * anything passed to `showToast`; up to 3 stack, each disappears after 4 s or on 'Schließen'.
 */
export function Toaster({ toast }: ToasterProps) {
  const stored = useSyncExternalStore(subscribe, visibleToasts, () => EMPTY);
  const hydrated = useHydrated();
  const lastPushed = useRef<Toast | null>(null);

  // Each navigation's toast joins the client store once.
  useEffect(() => {
    if (toast && toast !== lastPushed.current) {
      lastPushed.current = toast;
      showToast(toast);
    }
  }, [toast]);

  const visible: StoredToast[] = hydrated ? stored : toast ? [{ ...toast, id: 0 }] : [];
  const polite = visible.filter((t) => t.type !== "error");
  const assertive = visible.filter((t) => t.type === "error");

  return (
    <section
      aria-label="Benachrichtigungen"
      // On a phone the toasts sit at the top, under the header: at the bottom they covered the price
      // box and the add-to-cart button the visitor had just used. Empty, the region takes no room
      // without its class, so a page without a toast inlines none of its rules (critical CSS).
      className={visible.length > 0 ? "toaster" : undefined}
    >
      <div role="alert">
        {assertive.map((t) => (
          <ToastCard key={t.id} toast={t} interactive={hydrated} />
        ))}
      </div>
      <div role="status" aria-live="polite">
        {polite.map((t) => (
          <ToastCard key={t.id} toast={t} interactive={hydrated} />
        ))}
      </div>
    </section>
  );
}

const styles: Record<ToastType, string> = {
  success: "border-success/40 bg-card text-card-foreground",
  info: "border-border bg-card text-card-foreground",
  warning: "border-warning/50 bg-warning-soft text-foreground",
  error: "border-destructive bg-destructive text-destructive-foreground",
};

const icons = {
  success: CheckCircleIcon,
  info: InfoIcon,
  warning: AlertIcon,
  error: AlertCircleIcon,
} as const;

function ToastCard({ toast, interactive }: { toast: StoredToast; interactive: boolean }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!interactive || paused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [interactive, paused, toast.id]);

  const Icon = icons[toast.type];
  return (
    <div
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg animate-toast-in",
        styles[toast.type],
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon
        className={cn(
          "mt-0.5 shrink-0",
          toast.type === "success" && "text-success",
          toast.type === "warning" && "text-warning",
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <MessageText text={toast.message} />
        </p>
        {toast.description ? <p className="mt-0.5 text-sm opacity-95">{toast.description}</p> : null}
      </div>
      {interactive ? (
        <button
          type="button"
          onClick={() => dismissToast(toast.id)}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-black/10 dark:hover:bg-white/10"
        >
          <CloseIcon size={18} />
          <span className="sr-only">Schließen</span>
        </button>
      ) : null}
    </div>
  );
}
