import { formatDate, formatPrice } from "~/lib/format";
import type { Operator } from "~/lib/operator";
import type { MailAttachment } from "~/server/mail/mail.server";
import { publicUrl } from "~/server/http/urls.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";

interface StatusMailOrder {
  id: string;
  number: string;
  customer_name: string;
  total_amount: number;
}

/**
 * The membership an order had applied, as it is after the order left "completed": which plan the order
 * bought, and until when the member's membership runs now (null: it has ended).
 */
export interface MembershipTakenBack {
  planName: string;
  activeUntil: string | null;
}

/** The sentence that tells the member what the change did to their membership. */
function membershipLine(membership: MembershipTakenBack) {
  return membership.activeUntil
    ? `Die ${membership.planName}-Mitgliedschaft aus dieser Bestellung haben wir zurückgenommen: deine Mitgliedschaft gilt jetzt bis ${formatDate(membership.activeUntil)}.`
    : `Die ${membership.planName}-Mitgliedschaft aus dieser Bestellung ist damit beendet; Mitgliedspreise gelten für dich nicht mehr.`;
}

interface InvoiceRef {
  number: string;
  issued_at: string;
  /** base64 PDF */
  pdf: string;
  /** Its total in euros (a Stornorechnung's is negative). */
  total?: number;
}

/**
 * Whether a status mail may carry what the buyer typed: their name, and the invoice PDF, which
 * prints name and address. Only to an address its owner has confirmed; otherwise the greeting
 * names nobody and the invoice waits in the dashboard.
 */
interface Recipient {
  personal: boolean;
}

function greeting(order: StatusMailOrder, { personal }: Recipient) {
  return personal ? `Hallo ${order.customer_name},` : "Hallo,";
}

function html(lines: string[]) {
  return lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("");
}

function pdfAttachment(invoice: InvoiceRef): MailAttachment {
  return { filename: `${invoice.number}.pdf`, contentType: "application/pdf", content: invoice.pdf };
}

/** Sent when an admin marks an order completed: the payment arrived; the invoice is attached. */
export function buildPaymentReceivedMail(
  data: { order: StatusMailOrder; invoice: InvoiceRef; operator: Operator } & Recipient,
) {
  const { order, invoice, operator, personal } = data;
  const free = !(order.total_amount > 0);
  const issued = `${invoice.number} vom ${formatDate(invoice.issued_at)}`;
  const lines = [
    greeting(order, data),
    "",
    free
      ? `deine Bestellung ${order.number} ist abgeschlossen (Gesamtbetrag 0,00 €, keine Zahlung nötig).`
      : // The order's total, whether it came in one payment or in parts (the last one sends this mail).
        `die Zahlung für deine Bestellung ${order.number} über ${formatPrice(order.total_amount)} ist vollständig bei uns eingegangen. Vielen Dank!`,
    personal
      ? `Im Anhang findest du deine Rechnung ${issued}. Du kannst sie jederzeit auch in deinem Dashboard herunterladen: ${publicUrl("/dashboard")}`
      : `Deine Rechnung ${issued} kannst du in deinem Dashboard herunterladen: ${publicUrl("/dashboard")}`,
    "",
    `Fragen? Schreib uns an ${operator.email}.`,
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  const title = free ? "Bestellung abgeschlossen" : "Zahlung eingegangen";
  return {
    subject: `${title} – Bestellung ${order.number}`,
    text: lines.join("\n"),
    html: mailLayout(title, html(lines)),
    attachments: personal ? [pdfAttachment(invoice)] : [],
  };
}

/**
 * After a partial refund the Stornorechnung cancels only what is left: said, so the customer does
 * not look for the order's whole total on it. Nothing when it cancels the whole order.
 */
function correctedBefore(total: number, cancellation: InvoiceRef | null) {
  if (cancellation?.total === undefined) return [];
  const cancelled = Math.abs(cancellation.total);
  const corrected = Math.round((total - cancelled) * 100) / 100;
  return corrected > 0
    ? [
        `${formatPrice(corrected)} davon sind dir schon per Rechnungskorrektur gutgeschrieben; storniert sind damit die übrigen ${formatPrice(cancelled)}.`,
      ]
    : [];
}

/** Sent when an order is cancelled; with the cancellation invoice when it had been invoiced. */
export function buildOrderCancelledMail(
  data: {
    order: StatusMailOrder;
    cancellation: InvoiceRef | null;
    operator: Operator;
    membership?: MembershipTakenBack | null;
    /** Why, when the shop cancelled it by itself (an unpaid order past its deadline). */
    reason?: string;
  } & Recipient,
) {
  const { order, cancellation, operator, membership, personal, reason } = data;
  const lines = [
    greeting(order, data),
    "",
    `deine Bestellung ${order.number} über ${formatPrice(order.total_amount)} wurde storniert.${reason ? ` ${reason}` : ""}`,
    ...correctedBefore(order.total_amount, cancellation),
    cancellation
      ? `${personal ? "Im Anhang findest du" : `In deinem Dashboard (${publicUrl("/dashboard")}) findest du`} die Stornorechnung ${cancellation.number}. Bereits gezahlte Beträge erstatten wir dir innerhalb von 14 Tagen.`
      : "Falls du schon überwiesen hast, erstatten wir dir den Betrag innerhalb von 14 Tagen. Bitte überweise nichts mehr für diese Bestellung.",
    ...(membership ? [membershipLine(membership)] : []),
    "",
    `Fragen? Schreib uns an ${operator.email}.`,
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  return {
    subject: `Bestellung storniert – ${order.number}`,
    text: lines.join("\n"),
    html: mailLayout("Bestellung storniert", html(lines)),
    attachments: cancellation && personal ? [pdfAttachment(cancellation)] : [],
  };
}

/**
 * Sent when an admin sets a completed order that had started or extended a membership back to
 * "Ausstehend" (a payment marked as received by mistake): the membership is taken back until the
 * payment arrives.
 */
export function buildPaymentNotReceivedMail(
  data: {
    order: StatusMailOrder;
    operator: Operator;
    membership: MembershipTakenBack;
  } & Recipient,
) {
  const { order, operator, membership } = data;
  const lines = [
    greeting(order, data),
    "",
    `die Zahlung für deine Bestellung ${order.number} über ${formatPrice(order.total_amount)} ist doch noch nicht bei uns eingegangen; wir hatten sie versehentlich als bezahlt vermerkt.`,
    membershipLine(membership),
    "Sobald deine Zahlung eingegangen ist, gilt die Mitgliedschaft wieder, und du bekommst eine Bestätigung.",
    "",
    `Fragen? Schreib uns an ${operator.email}.`,
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  return {
    subject: `Zahlung noch offen – Bestellung ${order.number}`,
    text: lines.join("\n"),
    html: mailLayout("Zahlung noch offen", html(lines)),
    attachments: [],
  };
}
