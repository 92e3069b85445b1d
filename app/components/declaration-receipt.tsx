import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/format";

/**
 * The receipt page of a declaration sent by button (withdrawal § 356a, cancellation § 312k): when
 * it arrived, what was declared as term and value, and how to keep a copy. Printable: the frame and
 * the hints stay off paper.
 */
export function DeclarationReceipt({
  title,
  receivedAt,
  mailedTo,
  rows,
  testId,
  children,
}: {
  title: string;
  receivedAt: string;
  /** Where the confirmation mail went. */
  mailedTo: string;
  rows: [term: string, value: string][];
  testId: string;
  /** What follows the declaration (when the contract ends, where the terms are). */
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 print:py-0">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">
        Eingangsbestätigung vom {formatDateTime(receivedAt)} Uhr. Eine Bestätigung ist per E-Mail an {mailedTo}{" "}
        unterwegs.
      </p>
      <dl
        className="mt-6 grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-border p-4 sm:grid-cols-[auto_1fr] sm:p-6 print:border-0 print:p-0"
        data-testid={testId}
      >
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="mb-2 whitespace-pre-line break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <p className="mt-6 text-sm text-muted-foreground print:hidden">
        Drucken: Diese Seite kannst du über die Druckfunktion deines Browsers (Strg+P bzw. ⌘+P) ausdrucken oder als PDF
        speichern.
      </p>
      <Link to="/" className="mt-6 inline-block underline print:hidden">
        Zur Startseite
      </Link>
    </section>
  );
}
