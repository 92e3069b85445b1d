import { billingAddressLines } from "~/lib/invoice";
import { withdrawalForm, withdrawalInstructions } from "~/content/withdrawal";
import { formatDateTime, formatPrice, orderNumber } from "~/lib/format";
import { operatorAddressLines, vatNote, type Operator } from "~/lib/operator";
import type { OrderWithItems } from "~/server/orders/orders.server";
import { transferCancelNote, transferDue, transferRows, type BankTransfer } from "~/lib/bank-transfer";
import type { MailAttachment } from "~/server/mail/mail.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";
import { publicUrl } from "~/server/http/urls.server";

const GIROCODE_CID = "girocode@behappy";

/** The GiroCode as the inline image the HTML part shows. */
export function girocodeAttachment(png: string): MailAttachment {
  return { filename: "girocode.png", contentType: "image/png", content: png, cid: GIROCODE_CID };
}
const TERMS_NOTE = "Unsere AGB, die für diese Bestellung gelten, hängen als Textdatei an (AGB-BeHappy.txt).";

function termsAttachment(terms: string): MailAttachment {
  return {
    filename: "AGB-BeHappy.txt",
    contentType: "text/plain; charset=utf-8",
    content: Buffer.from(terms, "utf8").toString("base64"),
  };
}
const CALENDAR_NOTE =
  "Die Termine deiner Veranstaltungen hängen als Kalenderdatei (.ics) an: ein Klick trägt sie in deinen Kalender ein.";

/** "Bitte überweise …" as text lines and HTML, shared by the order mail. */
/**
 * "Bitte überweise …" and the account, as text. `sentence` replaces the request (a part payment
 * asks for the rest, with no cancellation the shop would not make).
 */
export function bankTransferText(
  transfer: BankTransfer,
  sentence = `Bitte überweise ${formatPrice(transfer.amount)} ${transferDue(transfer)} auf folgendes Konto. ${transferCancelNote(transfer)}`,
) {
  return [
    sentence,
    // The amount stands in the sentence above; the account rows follow.
    ...transferRows(transfer)
      .filter(([label]) => label !== "Betrag")
      .map(([label, value]) => `${label}: ${value}`),
  ];
}

/** The same as HTML, with the GiroCode; `sentenceHtml` (escaped by the caller) replaces the request. */
export function bankTransferHtml(
  transfer: BankTransfer,
  sentenceHtml = `Bitte überweise <strong>${formatPrice(transfer.amount)}</strong> ${escapeHtml(transferDue(transfer))} auf folgendes Konto. ${escapeHtml(transferCancelNote(transfer))}`,
) {
  const rows = transferRows(transfer);
  return `<h2>Bezahlung per Überweisung</h2>
     <p>${sentenceHtml}</p>
     <table role="presentation" cellpadding="4">${rows
       .map(([k, v]) => `<tr><td>${k}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`)
       .join("")}</table>
     <p>Oder scanne den GiroCode mit deiner Banking-App:</p>
     <p><img src="cid:${GIROCODE_CID}" width="200" height="200" alt="GiroCode für die Überweisung"></p>`;
}

export interface OrderMailData {
  order: OrderWithItems;
  operator: Operator;
  /** Null for a 0,00 € order. */
  transfer: BankTransfer | null;
  /** base64 PNG of the GiroCode, when there is something to pay. */
  girocodePng: string | null;
  /** One .ics per booked event or course with a start ahead ("In den Kalender eintragen"). */
  calendars?: MailAttachment[];
  /** Delivery address lines when something is shipped ("wie Rechnungsadresse" or the address). */
  delivery?: string[] | null;
  /** Each line's essentials by order item id (date and place, a plan's term), as the order page named them. */
  facts?: Record<string, string>;
  /** The AGB as text, attached: the terms of the contract on a durable medium (§ 312f Abs. 2 BGB). */
  terms?: string | null;
  /**
   * Whether the mail may carry what the buyer typed (name, billing and delivery address): only when
   * it goes to an address its owner has confirmed. Otherwise it names nobody and points to the order
   * online, where only the signed-in buyer sees those.
   */
  personal: boolean;
}

/** Why a mail to an unconfirmed address leaves out name and addresses, and where they are. */
export const UNCONFIRMED_ADDRESS_NOTE =
  "Diese E-Mail-Adresse ist noch nicht bestätigt. Deshalb steht in dieser E-Mail nichts, was bei der Bestellung eingegeben wurde (Name, Adressen); du siehst es in deiner Bestellung online.";

/** The order confirmation (German, text and HTML) with payment details, withdrawal terms and model form. */
export function buildOrderConfirmationMail({
  order,
  operator,
  transfer,
  girocodePng,
  calendars = [],
  delivery,
  facts = {},
  terms = null,
  personal,
}: OrderMailData) {
  const number = orderNumber(order.id);
  const sellerAddress = operatorAddressLines(operator);
  const seller = { name: operator.company, address: sellerAddress.slice(1).join(", "), email: operator.email };
  const address = billingAddressLines(order);
  const items = order.items.flatMap((i) => [
    `${i.quantity} × ${i.item_title} à ${formatPrice(i.price)} = ${formatPrice(i.price * i.quantity)}`,
    ...(facts[i.id] ? [`    ${facts[i.id]}`] : []),
  ]);
  const instructions = withdrawalInstructions(seller);
  const form = withdrawalForm(seller);
  const withdrawUrl = publicUrl(`/vertrag-widerrufen?bestellung=${number}`);
  const orderUrl = publicUrl(`/order-confirmation/${order.id}`);
  const payment = transfer
    ? bankTransferText(transfer)
    : ["Für diese Bestellung ist keine Zahlung nötig (Gesamtbetrag 0,00 €)."];

  // A flat shipping fee is its own line; without one, delivery is free (as the terms say).
  const shipping = order.shipping_fee > 0;
  // A redeemed code is its own line, before shipping (which it never discounts).
  const discount = order.discount_amount > 0;
  const totalNote = shipping ? vatNote(operator.vatMode) : `${vatNote(operator.vatMode)}, versandkostenfrei`;

  const greeting = personal ? `Hallo ${order.customer_name},` : "Hallo,";
  const addressText = personal
    ? ["Rechnungsadresse:", ...address, "", ...(delivery ? ["Lieferadresse:", ...delivery, ""] : [])]
    : [UNCONFIRMED_ADDRESS_NOTE, ""];
  const addressHtml = personal
    ? `<h2>Rechnungsadresse</h2>
     <p>${address.map(escapeHtml).join("<br>")}</p>
     ${delivery ? `<h2>Lieferadresse</h2><p>${delivery.map(escapeHtml).join("<br>")}</p>` : ""}`
    : `<p>${escapeHtml(UNCONFIRMED_ADDRESS_NOTE)}</p>`;

  const text = [
    greeting,
    "",
    `vielen Dank für deine Bestellung bei BeHappy! Deine Bestellnummer: ${number}`,
    `Bestellt am ${formatDateTime(order.created_at)}`,
    "",
    "Deine Artikel:",
    ...items,
    ...(discount ? [`Gutschein ${order.voucher_code ?? ""}: ${formatPrice(-order.discount_amount)}`] : []),
    ...(shipping ? [`Versand: ${formatPrice(order.shipping_fee)}`] : []),
    `Gesamt: ${formatPrice(order.total_amount)} (${totalNote})`,
    "",
    ...payment,
    "",
    ...addressText,
    `Deine Bestellung online: ${orderUrl}`,
    ...(calendars.length ? [CALENDAR_NOTE] : []),
    `Vertrag widerrufen: ${withdrawUrl}`,
    ...(terms ? [TERMS_NOTE] : []),
    "",
    ...instructions,
    "",
    ...form,
    "",
    `Fragen? Schreib uns an ${operator.email}.`,
  ].join("\n");

  const html = mailLayout(
    `Deine Bestellung ${number}`,
    `<p>${escapeHtml(greeting)}</p>
     <p>vielen Dank für deine Bestellung bei BeHappy! Deine Bestellnummer: <strong>${number}</strong><br>
        Bestellt am ${escapeHtml(formatDateTime(order.created_at))}</p>
     <table role="presentation" cellpadding="6" style="border-collapse:collapse;width:100%">
       ${order.items
         .map(
           (i) =>
             `<tr><td>${i.quantity} ×</td><td>${escapeHtml(i.item_title)}${facts[i.id] ? `<br><small>${escapeHtml(facts[i.id]!)}</small>` : ""}</td><td style="text-align:right">à ${formatPrice(i.price)}</td><td style="text-align:right">${formatPrice(i.price * i.quantity)}</td></tr>`,
         )
         .join("")}
       ${discount ? `<tr><td></td><td>Gutschein ${escapeHtml(order.voucher_code ?? "")}</td><td></td><td style="text-align:right">${formatPrice(-order.discount_amount)}</td></tr>` : ""}
       ${shipping ? `<tr><td></td><td>Versand</td><td></td><td style="text-align:right">${formatPrice(order.shipping_fee)}</td></tr>` : ""}
       <tr><td></td><td colspan="2"><strong>Gesamt</strong> <small>(${escapeHtml(totalNote)})</small></td><td style="text-align:right"><strong>${formatPrice(order.total_amount)}</strong></td></tr>
     </table>
     ${transfer ? bankTransferHtml(transfer) : `<p><strong>${escapeHtml(payment[0])}</strong></p>`}
     ${addressHtml}
     <p><a href="${orderUrl}">Bestellung ansehen</a> · <a href="${withdrawUrl}">Vertrag widerrufen</a></p>
     ${calendars.length ? `<p>${CALENDAR_NOTE}</p>` : ""}
     ${terms ? `<p>${TERMS_NOTE}</p>` : ""}
     ${instructions.map((p, n) => (n < 2 || p === "Folgen des Widerrufs" ? `<h2>${escapeHtml(p)}</h2>` : `<p>${escapeHtml(p)}</p>`)).join("")}
     ${form.map((p, n) => (n === 0 ? `<h2>${escapeHtml(p)}</h2>` : `<p>${escapeHtml(p)}</p>`)).join("")}
     <p>Fragen? Schreib uns an <a href="mailto:${operator.email}">${operator.email}</a>.</p>`,
  );
  const attachments: MailAttachment[] = [
    ...(girocodePng ? [girocodeAttachment(girocodePng)] : []),
    ...calendars,
    ...(terms ? [termsAttachment(terms)] : []),
  ];
  return { subject: `Deine Bestellung ${number} bei BeHappy`, text, html, attachments };
}
