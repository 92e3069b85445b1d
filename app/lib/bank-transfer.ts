import { formatPrice } from "~/lib/format";

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
