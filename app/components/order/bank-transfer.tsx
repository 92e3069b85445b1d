import { Fragment } from "react";
import { transferCancelNote, transferDue, transferRows, type BankTransfer } from "~/lib/bank-transfer";
import { formatPrice } from "~/lib/format";

export interface BankTransferView extends BankTransfer {
  /** Server-rendered SVG of the GiroCode (no user input inside, only the encoded payload). */
  qrSvg: string;
}

/** "Bitte überweise …": the transfer details and the GiroCode; or, for 0,00 €, that nothing is due. */
export function BankTransferBox({
  transfer,
  invoiceByMail,
}: {
  transfer: BankTransferView | null;
  /** Whether the invoice comes by mail (a confirmed address) or waits in the dashboard. */
  invoiceByMail: boolean;
}) {
  if (!transfer) {
    return (
      <section aria-labelledby="payment-heading" className="mt-10 rounded-xl border border-border p-6">
        <h2 id="payment-heading" className="text-xl font-semibold">
          Bezahlung
        </h2>
        <p className="mt-2">Für diese Bestellung ist keine Zahlung nötig (Gesamtbetrag 0,00 €).</p>
      </section>
    );
  }
  const rows = transferRows(transfer);
  return (
    <section
      aria-labelledby="payment-heading"
      className="mt-10 grid gap-6 rounded-xl border border-border p-6 sm:grid-cols-[1fr_12rem]"
      data-testid="bank-transfer"
    >
      <div>
        <h2 id="payment-heading" className="text-xl font-semibold">
          Bezahlung per Überweisung
        </h2>
        <p className="mt-2">
          Bitte überweise <strong>{formatPrice(transfer.amount)}</strong> {transferDue(transfer)} auf folgendes Konto.{" "}
          {transferCancelNote(transfer)} Sobald die Zahlung eingegangen ist,{" "}
          {invoiceByMail
            ? "schicken wir dir die Rechnung per E-Mail."
            : "findest du die Rechnung in deinem Dashboard (per E-Mail, sobald du deine Adresse bestätigt hast)."}
        </p>
        {/*
          Term above value on a phone, side by side from sm up. The values wrap only at their spaces, so the
          IBAN keeps its groups of four (break-words only for a value with no space that is wider than the box).
        */}
        <dl className="mt-4 grid gap-x-4 sm:grid-cols-[max-content_1fr] sm:gap-y-1">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="font-medium max-sm:mt-2">{term}</dt>
              <dd className="break-words font-mono">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      <figure className="text-center">
        <div
          className="mx-auto w-44 rounded-md bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
          data-testid="girocode"
          // The SVG comes from the qrcode library on the server; it carries no user input as markup.
          dangerouslySetInnerHTML={{ __html: transfer.qrSvg }}
        />
        <figcaption className="mt-2 text-sm text-muted-foreground">GiroCode: mit der Banking-App scannen</figcaption>
      </figure>
    </section>
  );
}
