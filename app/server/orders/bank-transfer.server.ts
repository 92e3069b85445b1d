import QRCode from "qrcode";
import type { BankTransfer } from "~/lib/bank-transfer";
import { epcPayload } from "~/lib/girocode";
import { formatIban } from "~/lib/operator";
import { env } from "~/server/platform/env.server";
import { shopNow } from "~/server/jobs/clock.server";
import { paymentDeadlineOf } from "~/server/orders/payment-terms.server";
import { operator } from "~/server/platform/operator.server";

/**
 * Null for a 0,00 € order: nothing to pay. With the order's date (and the admin's deadline, if any)
 * the transfer carries its deadline: "bis zum …".
 */
export function bankTransferFor(
  order: { total_amount: number; created_at?: string; payment_deadline?: string | null },
  orderNumber: string,
): BankTransfer | null {
  if (!(order.total_amount > 0)) return null;
  const { bank } = operator();
  return {
    amount: order.total_amount,
    holder: bank.holder,
    iban: formatIban(bank.iban),
    bic: bank.bic,
    bankName: bank.name,
    reference: orderNumber,
    dueDays: env().PAYMENT_CANCEL_DAYS,
    deadline: order.created_at
      ? paymentDeadlineOf({ created_at: order.created_at, payment_deadline: order.payment_deadline ?? null }, shopNow())
          .deadline
      : null,
  };
}

function payloadOf(transfer: BankTransfer) {
  return epcPayload({
    bic: transfer.bic,
    name: transfer.holder,
    iban: transfer.iban,
    amount: transfer.amount,
    reference: transfer.reference,
  });
}

// The EPC guideline asks for error correction level M.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** Inline SVG for the page (no JavaScript, no extra request). */
export async function girocodeSvg(transfer: BankTransfer) {
  const svg = await QRCode.toString(payloadOf(transfer), { ...QR_OPTIONS, type: "svg" });
  return svg.replace("<svg ", '<svg role="img" aria-label="GiroCode für die Überweisung" ');
}

/** PNG (base64) for mails: clients that block SVG and data: URIs still show a CID image. */
export async function girocodePng(transfer: BankTransfer) {
  const png = await QRCode.toBuffer(payloadOf(transfer), { ...QR_OPTIONS, type: "png", width: 240 });
  return png.toString("base64");
}
