import { RECEIPT_PAGE_HOURS, type ReceiptPage } from "~/lib/declaration-receipt";
import { iso } from "~/server/db/values.server";
import type { Tx } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import { mailDelivery } from "~/server/mail/outbox.server";

/** Until when the page of a declaration received at `receivedAt` shows it (shop clock). */
export function receiptVisibleUntil(receivedAt: Date) {
  return new Date(receivedAt.getTime() + RECEIPT_PAGE_HOURS * 60 * 60 * 1000);
}

export function receiptExpired(receivedAt: Date) {
  return shopNow() >= receiptVisibleUntil(receivedAt);
}

/** What the page says besides the declaration: its confirmation mail's state (outbox key), its time limit. */
export async function receiptPage(tx: Tx, receivedAt: Date, mailKey: string): Promise<ReceiptPage> {
  const delivery = await mailDelivery(tx, mailKey);
  // No mail under its key: none was queued with the declaration (the address's limit of receipts).
  const status = !delivery
    ? "withheld"
    : delivery.status === "sent" || delivery.status === "failed"
      ? delivery.status
      : "queued";
  return {
    mail: { status, sentAt: iso(delivery?.sent_at ?? null) },
    visibleUntil: receiptVisibleUntil(receivedAt).toISOString(),
  };
}
