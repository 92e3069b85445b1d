import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { transferCancelNote, transferDue, transferRows, type BankTransfer } from "~/lib/bank-transfer";
import { formatPrice } from "~/lib/format";

export interface BankTransferView extends BankTransfer {
  /** Server-rendered SVG of the GiroCode (no user input inside, only the encoded payload). */
  qrSvg: string;
}

/** Where the order's money stands: its status, total, and what was received (payments less refunds). */
export interface OrderMoney {
  status: string;
  total: number;
  received: number;
}

/** The order page's "Bezahlung" section without a transfer to make: nothing due, paid, or cancelled. */
function PaymentNotice({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="payment-heading"
      className="mt-10 rounded-xl border border-border p-6"
      data-testid="payment-notice"
    >
      <h2 id="payment-heading" className="text-xl font-semibold">
        Bezahlung
      </h2>
      {children}
    </section>
  );
}

/**
 * "Bitte überweise …": the transfer details and the GiroCode, for what is still open of a pending
 * order. The page stays the customer's reference after the order too (the order mail and the
 * dashboard link it), so a paid or cancelled order asks for nothing, and a part payment leaves only
 * the rest to transfer.
 */
export function BankTransferBox({
  transfer,
  money,
  invoiceByMail,
}: {
  /** The transfer of what is open; null when nothing is (0,00 €, paid, or cancelled). */
  transfer: BankTransferView | null;
  money: OrderMoney;
  /** Whether the invoice comes by mail (a confirmed address) or waits in the dashboard. */
  invoiceByMail: boolean;
}) {
  if (money.status === "cancelled") {
    return (
      <PaymentNotice>
        <p className="mt-2">
          Diese Bestellung ist storniert. Bitte überweise nichts.
          {money.received > 0 ? ` Was schon bezahlt ist (${formatPrice(money.received)}), erstatten wir dir.` : ""}
        </p>
      </PaymentNotice>
    );
  }
  if (!transfer) {
    return (
      <PaymentNotice>
        <p className="mt-2">
          {money.total === 0 ? (
            "Für diese Bestellung ist keine Zahlung nötig (Gesamtbetrag 0,00 €)."
          ) : (
            <>
              Die Zahlung über {formatPrice(money.total)} ist vollständig eingegangen – vielen Dank.{" "}
              {invoiceByMail
                ? "Die Rechnung haben wir dir per E-Mail geschickt; sie liegt auch in deinem "
                : "Die Rechnung liegt in deinem "}
              <Link to="/dashboard" className="underline">
                Dashboard
              </Link>
              .
            </>
          )}
        </p>
      </PaymentNotice>
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
          {money.received > 0 ? (
            // Paid in part: the shop neither reminds nor cancels it (order-payments.server.ts), so no day
            // and no such warning, as in the mail "Teilzahlung eingegangen".
            <>
              Bisher sind {formatPrice(money.received)} eingegangen. Bitte überweise die fehlenden{" "}
              <strong>{formatPrice(transfer.amount)}</strong> auf folgendes Konto.
            </>
          ) : (
            <>
              Bitte überweise <strong>{formatPrice(transfer.amount)}</strong> {transferDue(transfer)} auf folgendes
              Konto. {transferCancelNote(transfer)}
            </>
          )}{" "}
          Sobald die Zahlung eingegangen ist,{" "}
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
