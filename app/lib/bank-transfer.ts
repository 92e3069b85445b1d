import { formatDate, formatPrice } from "~/lib/format";

/** What "Bitte überweise …" shows: amount, account, and the order number as Verwendungszweck. */
export interface BankTransfer {
  amount: number;
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
  reference: string;
  /** Days from the order until the shop cancels it unpaid (PAYMENT_CANCEL_DAYS): "innerhalb von N Tagen". */
  dueDays: number;
  /** The payment deadline (ISO instant; its Berlin day is "bis zum …"), when the order's date is known. */
  deadline?: string | null;
}

/** The transfer details as label/value rows, in the order the page, the mail and the text mail show them. */
export function transferRows(transfer: BankTransfer): [string, string][] {
  return [
    ["Betrag", formatPrice(transfer.amount)],
    ["Kontoinhaber", transfer.holder],
    ["IBAN", transfer.iban],
    ["BIC", transfer.bic],
    ["Bank", transfer.bankName],
    ["Verwendungszweck", transfer.reference],
  ];
}

/** "Bitte überweise 70,00 € bis zum 13.12.2026" (or "innerhalb von 14 Tagen" without a known date), without the amount's markup. */
export function transferDue(transfer: BankTransfer) {
  return transfer.deadline ? `bis zum ${formatDate(transfer.deadline)}` : `innerhalb von ${transfer.dueDays} Tagen`;
}

/** What happens when nothing arrives: the sentence after "Bitte überweise …". */
export function transferCancelNote(transfer: BankTransfer) {
  return transfer.deadline
    ? "Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung."
    : "Geht in dieser Zeit keine Zahlung ein, stornieren wir die Bestellung.";
}
