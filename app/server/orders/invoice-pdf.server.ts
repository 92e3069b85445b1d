import PDFDocument from "pdfkit";
import { formatDate, formatPrice } from "~/lib/format";
import {
  billingAddressLines,
  INVOICE_KIND_LABEL,
  invoiceSums,
  serviceDateText,
  sharedSupplyDate,
  type InvoiceKind,
} from "~/lib/invoice";
import { formatIban, operatorAddressLines, SMALL_BUSINESS_NOTE } from "~/lib/operator";
import type { InvoiceDocument } from "~/server/orders/invoices.server";
import { orderNumber } from "~/lib/format";
import { embedFacturX, pdfMetadataOf } from "~/server/orders/e-invoice.server";
import boldFontUrl from "~/server/orders/fonts/LiberationSans-Bold.ttf?inline";
import regularFontUrl from "~/server/orders/fonts/LiberationSans-Regular.ttf?inline";

const fontBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
const REGULAR_FONT = fontBytes(regularFontUrl);
const BOLD_FONT = fontBytes(boldFontUrl);
const REGULAR = "LiberationSans";
const BOLD = "LiberationSans-Bold";

/** Shown on the invoice; the order number customers know is the first 8 characters of the id. */

const CLOSING_TEXT: Record<InvoiceKind, string> = {
  invoice: "Der Betrag ist bereits bei uns eingegangen. Vielen Dank für deine Zahlung!",
  cancellation:
    "Diese Stornorechnung hebt die oben genannte Rechnung auf. Bereits gezahlte Beträge erstatten wir auf dein Konto.",
  correction:
    "Diese Rechnungskorrektur mindert die oben genannte Rechnung um die zurückgegebenen Positionen. Den Betrag erstatten wir auf dein Konto.",
};

/**
 * The closing sentence; an invoice issued before all of it was received (not the shop's own way, as
 * "Zahlung eingegangen" completes an order only once paid) says what is open, as its e-invoice does.
 */
function closingText(invoice: InvoiceDocument) {
  const open = Math.round((Math.abs(invoice.total_amount) - invoice.settledAtIssue) * 100) / 100;
  if (invoice.kind !== "invoice" || !(open > 0)) return CLOSING_TEXT[invoice.kind];
  return `Bereits eingegangen: ${formatPrice(invoice.settledAtIssue)}. Bitte überweise den offenen Betrag von ${formatPrice(open)} mit dem Verwendungszweck ${orderNumber(invoice.order_id)} auf das unten genannte Konto.`;
}

const percent = (rate: number) => `${rate.toLocaleString("de-DE")} %`;

/**
 * The invoice as PDF (§ 14 Abs. 4 UStG): seller and buyer with address, seller's tax number or VAT
 * id, issue date, gapless number, supply date, each line with quantity, unit price and rate, and per
 * rate the net amount, the tax and the gross sum; under § 19 UStG the note instead of tax. A
 * cancellation invoice repeats the lines (less any returned before) with negative amounts and names
 * the invoice it cancels; a Rechnungskorrektur does the same with the returned lines only.
 * The text font is Liberation Sans (Helvetica's metrics, SIL OFL), embedded as a subset: PDF/A-3,
 * which a Factur-X invoice is, allows no font that is not embedded (decision 0016).
 * Seller and VAT mode come from the invoice's own snapshot (§ 14 UStG: an issued invoice never
 * changes), never from the current configuration.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // Every invoice PDF is a ZUGFeRD / Factur-X invoice: the same document as EN 16931 XML inside.
  return embedFacturX(invoice, await renderInvoiceVisual(invoice));
}

/** The printed invoice alone (pdfkit), before the e-invoice XML is embedded. */
export function renderInvoiceVisual(invoice: InvoiceDocument): Promise<Buffer> {
  const operator = invoice.seller;
  const about = pdfMetadataOf(invoice);
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    // German, as the Factur-X step writes it again (embedFacturX), so the two never disagree.
    lang: "de-DE",
    info: { Title: about.title, Subject: about.subject, Author: about.author, Creator: about.creator },
  });
  // Own names: "Helvetica" is already taken by pdfkit's default font, which is not embedded.
  doc.registerFont(REGULAR, REGULAR_FONT);
  doc.registerFont(BOLD, BOLD_FONT);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const sign = invoice.kind === "invoice" ? 1 : -1;
  // A Storno's amounts carry the minus; one of 0,00 € (a line included in a membership) does not.
  const signed = (amount: number) => (amount === 0 ? 0 : sign * amount);
  const left = 56;
  const width = doc.page.width - 112;

  // Sender line and addresses.
  doc.font(REGULAR).fontSize(8).fillColor("#555");
  doc.text(operatorAddressLines(operator).slice(0, 3).join(" · "), left, 56, { width });
  doc.moveDown(1).fontSize(11).fillColor("#000");
  doc.text(billingAddressLines(invoice.order).join("\n"), left, doc.y, { width: 260 });
  if (invoice.delivery) {
    doc
      .moveDown(0.5)
      .fontSize(9)
      .text(`Lieferadresse: ${invoice.delivery.join(", ")}`, left, doc.y, { width: 260 });
  }

  const supplyDate = sharedSupplyDate(invoice.lines, invoice.supplyDate);
  const metaTop = 110;
  const meta = [
    ["Rechnungsnummer", invoice.number],
    ["Rechnungsdatum", formatDate(invoice.issued_at)],
    // Lines of an event or a dated course carry their own (under their title).
    ["Leistungsdatum", supplyDate ? formatDate(`${supplyDate}T12:00:00Z`) : "siehe Positionen"],
    ["Bestellnummer", orderNumber(invoice.order_id)],
    operator.vatId ? ["USt-IdNr.", operator.vatId] : ["Steuernummer", operator.taxNumber],
  ];
  doc.fontSize(9);
  meta.forEach(([label, value], n) => {
    doc.text(label, 340, metaTop + n * 14, { width: 90 });
    doc.text(value, 430, metaTop + n * 14, { width: width + left - 430, align: "right" });
  });

  doc.y = Math.max(doc.y, metaTop + meta.length * 14) + 30;
  doc.font(BOLD).fontSize(16).text(INVOICE_KIND_LABEL[invoice.kind], left, doc.y);
  doc.font(REGULAR).fontSize(10);
  if (invoice.cancels) {
    const what = invoice.kind === "correction" ? "Korrektur" : "Storno";
    doc.text(`${what} zur Rechnung ${invoice.cancels.number} vom ${formatDate(invoice.cancels.issuedAt)}.`);
  }
  doc.moveDown(1);

  // Lines: Pos, Artikel, Menge, Einzelpreis, USt, Betrag.
  const cols = { pos: left, title: left + 28, qty: left + 270, unit: left + 310, rate: left + 385, sum: left + 430 };
  const sumWidth = width + left - cols.sum;
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? BOLD : REGULAR);
    doc.text(cells[1], cols.title, y, { width: cols.qty - cols.title - 8 });
    const bottom = doc.y;
    doc.text(cells[0], cols.pos, y, { width: 24 });
    doc.text(cells[2], cols.qty, y, { width: 32, align: "right" });
    doc.text(cells[3], cols.unit, y, { width: 70, align: "right" });
    doc.text(cells[4], cols.rate, y, { width: 40, align: "right" });
    doc.text(cells[5], cols.sum, y, { width: sumWidth, align: "right" });
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row(["Pos.", "Artikel", "Menge", "Einzelpreis", "USt", "Betrag"], true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.3);
  const small = invoice.vatMode === "small-business";
  invoice.lines.forEach((line, n) => {
    row([
      String(n + 1),
      line.service ? `${line.title}\n${serviceDateText(line.service)}` : line.title,
      String(line.quantity * sign),
      formatPrice(line.unitPrice),
      small ? "–" : percent(line.vatRate),
      formatPrice(signed(line.unitPrice * line.quantity)),
    ]);
  });
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.5);

  // Per rate: net, tax, gross; then the totals.
  const sums = invoiceSums(invoice.lines, invoice.vatMode);
  const total = (label: string, value: number, bold = false) => {
    const y = doc.y;
    doc.font(bold ? BOLD : REGULAR);
    doc.text(label, cols.unit - 90, y, { width: cols.sum - cols.unit + 80, align: "right" });
    doc.text(formatPrice(signed(value)), cols.sum, y, { width: sumWidth, align: "right" });
    doc.moveDown(0.2);
  };
  if (small) {
    total("Gesamtbetrag", sums.gross, true);
    doc.moveDown(0.5).font(REGULAR).text(SMALL_BUSINESS_NOTE, left, doc.y, { width });
  } else {
    for (const rate of sums.rates) {
      total(`Nettobetrag ${percent(rate.rate)}`, rate.net);
      total(`Umsatzsteuer ${percent(rate.rate)}`, rate.vat);
      total(`Bruttobetrag ${percent(rate.rate)}`, rate.gross);
    }
    total("Summe netto", sums.net);
    total("Summe Umsatzsteuer", sums.vat);
    total("Gesamtbetrag", sums.gross, true);
  }

  doc.moveDown(1.5).font(REGULAR).fontSize(10);
  doc.text(closingText(invoice), left, doc.y, { width });
  // A shipping fee stands as its own line ("Versand") above.
  if (!(invoice.order.shipping_fee > 0)) doc.text("Lieferung versandkostenfrei.", { width });

  // Footer: operator data (§ 14 Abs. 4 Nr. 1, 2 UStG and the register data).
  const footer = [
    `${operator.company} · ${operatorAddressLines(operator).slice(1).join(", ")}`,
    [
      operator.managingDirector && `Geschäftsführung: ${operator.managingDirector}`,
      `${operator.registerCourt} ${operator.registerNumber}`,
      operator.taxNumber && `Steuernummer: ${operator.taxNumber}`,
      operator.vatId && `USt-IdNr.: ${operator.vatId}`,
    ]
      .filter(Boolean)
      .join(" · "),
    `${operator.bank.name} · IBAN ${formatIban(operator.bank.iban)} · BIC ${operator.bank.bic} · ${operator.email}`,
  ];
  // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
  doc.page.margins.bottom = 0;
  doc.fontSize(7.5).fillColor("#555");
  doc.text(footer.join("\n"), left, doc.page.height - 100, { width, align: "center", lineBreak: true });
  doc.end();
  return done;
}
