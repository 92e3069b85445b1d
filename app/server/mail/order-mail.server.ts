import { operator, operatorAddressLines } from "~/content/operator";
import { withdrawalForm, withdrawalInstructions } from "~/content/withdrawal";
import { formatDateTime, formatPrice, orderNumber } from "~/lib/format";
import type { OrderWithItems } from "../queries/orders.server";
import { escapeHtml, mailLayout } from "./layout.server";
import { publicUrl } from "../mail.server";

/** The order confirmation (German, text and HTML) with the Widerrufsbelehrung and model form. */
export function orderConfirmationMail(order: OrderWithItems) {
  const number = orderNumber(order.id);
  const seller = { name: operator.company, address: operatorAddressLines.slice(1).join(", "), email: operator.email };
  const address = [
    order.customer_name,
    order.street ?? "",
    `${order.zipcode ?? ""} ${order.city ?? ""}`,
    order.country ?? "",
  ];
  const items = order.items.map(
    (i) => `${i.quantity} × ${i.item_title} à ${formatPrice(i.price)} = ${formatPrice(i.price * i.quantity)}`,
  );
  const instructions = withdrawalInstructions(seller);
  const form = withdrawalForm(seller);
  const withdrawUrl = publicUrl("/vertrag-widerrufen");
  const orderUrl = publicUrl(`/order-confirmation/${order.id}`);

  const text = [
    `Hallo ${order.customer_name},`,
    "",
    `vielen Dank für deine Bestellung bei BeHappy! Deine Bestellnummer: ${number}`,
    `Bestellt am ${formatDateTime(order.created_at)}`,
    "",
    "Deine Artikel:",
    ...items,
    `Gesamt: ${formatPrice(order.total_amount)}`,
    "",
    "Rechnungsadresse:",
    ...address,
    "",
    `Deine Bestellung online: ${orderUrl}`,
    `Vertrag widerrufen: ${withdrawUrl}`,
    "",
    ...instructions,
    "",
    ...form,
    "",
    `Fragen? Schreib uns an ${operator.email}.`,
  ].join("\n");

  const html = mailLayout(
    `Deine Bestellung ${number}`,
    `<p>Hallo ${escapeHtml(order.customer_name)},</p>
     <p>vielen Dank für deine Bestellung bei BeHappy! Deine Bestellnummer: <strong>${number}</strong><br>
        Bestellt am ${escapeHtml(formatDateTime(order.created_at))}</p>
     <table role="presentation" cellpadding="6" style="border-collapse:collapse;width:100%">
       ${order.items
         .map(
           (i) =>
             `<tr><td>${i.quantity} ×</td><td>${escapeHtml(i.item_title)}</td><td style="text-align:right">${formatPrice(i.price * i.quantity)}</td></tr>`,
         )
         .join("")}
       <tr><td></td><td><strong>Gesamt</strong></td><td style="text-align:right"><strong>${formatPrice(order.total_amount)}</strong></td></tr>
     </table>
     <h2>Rechnungsadresse</h2>
     <p>${address.map(escapeHtml).join("<br>")}</p>
     <p><a href="${orderUrl}">Bestellung ansehen</a> · <a href="${withdrawUrl}">Vertrag widerrufen</a></p>
     ${instructions.map((p, n) => (n < 2 || p === "Folgen des Widerrufs" ? `<h2>${escapeHtml(p)}</h2>` : `<p>${escapeHtml(p)}</p>`)).join("")}
     ${form.map((p, n) => (n === 0 ? `<h2>${escapeHtml(p)}</h2>` : `<p>${escapeHtml(p)}</p>`)).join("")}
     <p>Fragen? Schreib uns an <a href="mailto:${operator.email}">${operator.email}</a>.</p>`,
  );
  return { subject: `Deine Bestellung ${number} bei BeHappy`, text, html };
}
