/**
 * A declaration's receipt page (withdrawal § 356a, cancellation § 312k): what the loaders give the
 * page besides the declaration itself (app/server/http/declaration-receipt.server.ts).
 */
export interface ReceiptPage {
  /**
   * Where its confirmation mail stands: queued (retried), delivered, given up, or withheld (the
   * address had its hour's share of receipts: declarationMailPerEmail).
   */
  mail: { status: "queued" | "sent" | "failed" | "withheld"; sentAt: string | null };
  /** Until when the page shows the declaration to whoever has the link. */
  visibleUntil: string;
}

/**
 * How long a receipt page shows what was declared. Its random link is the only key, and it stays in
 * the browser's history: on a shared computer the next person must not read a name, an address and
 * a reason weeks later. The confirmation mail is the lasting copy (Textform).
 */
export const RECEIPT_PAGE_HOURS = 24;

/**
 * Two e-mail addresses of one person, as the shop compares them when a declaration is matched by
 * hand: case and surrounding spaces do not count (the local part's case rarely does in practice).
 */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
