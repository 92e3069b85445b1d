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

interface InvoiceRef {
  number: string;
  issued_at: string;
  /** base64 PDF */
  pdf: string;
}

function html(lines: string[]) {
  return lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("");
}

function pdfAttachment(invoice: InvoiceRef): MailAttachment {
  return { filename: `${invoice.number}.pdf`, contentType: "application/pdf", content: invoice.pdf };
}

/** Sent when an admin marks an order completed: the payment arrived; the invoice is attached. */
export function buildPaymentReceivedMail(data: { order: StatusMailOrder; invoice: InvoiceRef; operator: Operator }) {
  const { order, invoice, operator } = data;
  const free = !(order.total_amount > 0);
  const lines = [
    `Hallo ${order.customer_name},`,
    "",
    free
      ? `deine Bestellung ${order.number} ist abgeschlossen (Gesamtbetrag 0,00 €, keine Zahlung nötig).`
      : `deine Zahlung über ${formatPrice(order.total_amount)} für die Bestellung ${order.number} ist bei uns eingegangen. Vielen Dank!`,
    `Im Anhang findest du deine Rechnung ${invoice.number} vom ${formatDate(invoice.issued_at)}. Du kannst sie jederzeit auch in deinem Dashboard herunterladen: ${publicUrl("/dashboard")}`,
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
    attachments: [pdfAttachment(invoice)],
  };
}

/** Sent when an order is cancelled; with the cancellation invoice when it had been invoiced. */
export function buildOrderCancelledMail(data: {
  order: StatusMailOrder;
  cancellation: InvoiceRef | null;
  operator: Operator;
}) {
  const { order, cancellation, operator } = data;
  const lines = [
    `Hallo ${order.customer_name},`,
    "",
    `deine Bestellung ${order.number} über ${formatPrice(order.total_amount)} wurde storniert.`,
    cancellation
      ? `Im Anhang findest du die Stornorechnung ${cancellation.number}. Bereits gezahlte Beträge erstatten wir dir innerhalb von 14 Tagen.`
      : "Falls du schon überwiesen hast, erstatten wir dir den Betrag innerhalb von 14 Tagen. Bitte überweise nichts mehr für diese Bestellung.",
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
    attachments: cancellation ? [pdfAttachment(cancellation)] : [],
  };
}
