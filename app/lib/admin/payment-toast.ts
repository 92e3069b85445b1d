import { formatPrice } from "~/lib/format";

/** What recordPayment reports about a payment it booked (app/server/orders/record-payment.server.ts). */
export interface RecordedPayment {
  previous: string;
  amount: number;
  total: number;
  received: number;
  completed: boolean;
  refunded: number | null;
  staysCancelled?: string | null;
}

/**
 * What the toast after "Zahlung eingegangen" says: completed, still open, too much, or owed back.
 * Money for a cancelled order that stays cancelled always says why: the database's refusal, or
 * that it does not pay the whole order. Then it is owed back at once, and that refund keeps the
 * order cancelled for good: the rest arriving later does not reopen it.
 */
export function paymentToast(recorded: RecordedPayment) {
  const difference = Math.round((recorded.received - recorded.total) * 100) / 100;
  const came = `${formatPrice(recorded.amount)} sind eingegangen`;
  const refund = recorded.refunded
    ? ` Die Erstattung von ${formatPrice(recorded.refunded)} steht unter „Erstattungen“.`
    : "";
  if (!recorded.completed && recorded.previous === "cancelled") {
    const why =
      recorded.staysCancelled ??
      `Er deckt den Gesamtbetrag nicht (es fehlen ${formatPrice(-difference)}); nur der ganze Betrag auf einmal öffnet eine stornierte Bestellung wieder.`;
    return `${came}; die Bestellung bleibt storniert und der Betrag geht zurück.${refund} Grund: ${why}`;
  }
  if (!recorded.completed) {
    return `${came}; es fehlen noch ${formatPrice(-difference)}. Die Bestellung bleibt ausstehend.`;
  }
  return difference > 0
    ? `${came} – ${formatPrice(difference)} zu viel; die Bestellung ist abgeschlossen.${refund}`
    : `${came}; die Bestellung ist abgeschlossen.${refund}`;
}
