import type { ReactNode } from "react";
import { Link } from "react-router";
import { RECEIPT_PAGE_HOURS, type ReceiptPage } from "~/lib/declaration-receipt";
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
  page,
  rows,
  testId,
  children,
}: {
  title: string;
  receivedAt: string;
  /** Where the confirmation mail went. */
  mailedTo: string;
  page: ReceiptPage;
  rows: [term: string, value: string][];
  testId: string;
  /** What follows the declaration (when the contract ends, where the terms are). */
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 print:py-0">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground" data-testid="receipt-mail">
        Eingangsbestätigung vom {formatDateTime(receivedAt)} Uhr. <MailState mailedTo={mailedTo} mail={page.mail} />
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
        speichern. Zu deinem Schutz ist sie nur bis {formatDateTime(page.visibleUntil)} Uhr abrufbar.
      </p>
      <Link to="/" className="mt-6 inline-block underline print:hidden">
        Zur Startseite
      </Link>
    </section>
  );
}

/** The confirmation mail as the outbox knows it: on its way (retried for a day), delivered, or not deliverable. */
function MailState({ mailedTo, mail }: { mailedTo: string; mail: ReceiptPage["mail"] }) {
  if (mail.status === "sent" && mail.sentAt) {
    return (
      <>
        Eine Bestätigung haben wir am {formatDateTime(mail.sentAt)} Uhr per E-Mail an {mailedTo} geschickt.
      </>
    );
  }
  if (mail.status === "failed") {
    return (
      <strong className="font-semibold text-foreground">
        Die Bestätigung per E-Mail an {mailedTo} konnte nicht zugestellt werden. Bitte drucke diese Seite aus oder
        speichere sie als PDF.
      </strong>
    );
  }
  if (mail.status === "withheld") {
    return (
      <strong className="font-semibold text-foreground">
        An {mailedTo} haben wir in der letzten Stunde schon mehrere Bestätigungen geschickt, diese schicken wir deshalb
        nicht per E-Mail. Bitte drucke diese Seite aus oder speichere sie als PDF.
      </strong>
    );
  }
  return <>Eine Bestätigung ist per E-Mail an {mailedTo} unterwegs.</>;
}

/** A receipt page past its time limit: it says why, and where the lasting copy is (410 Gone). */
export function ExpiredReceipt() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">Diese Eingangsbestätigung ist nicht mehr abrufbar</h1>
      <p className="mt-3">
        Zu deinem Schutz zeigen wir eine Eingangsbestätigung nur {RECEIPT_PAGE_HOURS} Stunden lang. Die Bestätigung per
        E-Mail bleibt gültig. Fehlt sie dir, schreib uns über das{" "}
        <Link to="/contact" className="underline">
          Kontaktformular
        </Link>
        .
      </p>
      <Link to="/" className="mt-6 inline-block underline">
        Zur Startseite
      </Link>
    </section>
  );
}
