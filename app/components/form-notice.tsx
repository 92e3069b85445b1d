import type { ReactNode } from "react";
import { MessageText } from "~/components/message-text";

/**
 * A notice that belongs to one form's answer (an action result or a query-string hint). It renders
 * in the server HTML next to the form, so it shows without JavaScript; redirects use the toaster.
 */
export function FormNotice({
  id,
  tone,
  message,
  description,
}: {
  id?: string;
  tone: "info" | "error" | "success";
  message: string;
  /** May hold a link (the way out of a refusal); it still renders without JavaScript. */
  description?: ReactNode;
}) {
  const styles = {
    info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50",
    error: "border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50",
    success:
      "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50",
  }[tone];
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`mt-6 rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      <p className="font-medium">
        <MessageText text={message} />
      </p>
      {description ? <p className="mt-1">{description}</p> : null}
    </div>
  );
}
