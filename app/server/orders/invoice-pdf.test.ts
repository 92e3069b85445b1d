import { describe, expect, it } from "vitest";
import { pdfText } from "~/server/orders/fixtures/pdf-text";
import { sellerOf } from "~/lib/operator";
import { operatorFrom } from "~/server/platform/operator.server";
import { parseEnv } from "~/server/platform/env.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import type { InvoiceDocument } from "~/server/orders/invoices.server";
import { invoice } from "~/server/orders/fixtures/invoice-document";

describe("invoice PDF", () => {
  it("prints number, dates, lines, per-rate sums and umlauts/€ readable as text", async () => {
    const text = await pdfText(await renderInvoicePdf(invoice));
    expect(text).toContain("Rechnung");
    expect(text).toContain("RE-2026-000042");
    expect(text).toContain("24.11.2026");
    expect(text).toContain("3f2a9c1b");
    expect(text).toContain("Jürgen Groß");
    expect(text).toContain("Äußere Straße 5");
    expect(text).toContain("80331 München");
    expect(text).toContain("Dankbarkeitstagebuch");
    expect(text).toMatch(/39,80\s€/);
    // 7 %: 39.80 gross → 37.20 net, 2.60 VAT; 19 %: 24.80 gross → 20.84 net, 3.96 VAT
    expect(text).toMatch(/Nettobetrag 7 %\s+37,20\s€/);
    expect(text).toMatch(/Umsatzsteuer 7 %\s+2,60\s€/);
    expect(text).toMatch(/Nettobetrag 19 %\s+20,84\s€/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+3,96\s€/);
    expect(text).toMatch(/Gesamtbetrag\s+64,60\s€/);
    expect(text).toContain("DE89 3704 0044 0532 0130 00");
    expect(text).toMatch(/Lieferadresse: Oma Groß, Lindenweg 1, 01067 Dresden,\s+Deutschland/);
  });

  it("says paid only when it was: otherwise what is open, with the order's Verwendungszweck", async () => {
    expect(await pdfText(await renderInvoicePdf(invoice))).toContain("Der Betrag ist bereits bei uns eingegangen.");
    const text = await pdfText(await renderInvoicePdf({ ...invoice, settledAtIssue: 20 }));
    expect(text).not.toContain("bereits bei uns eingegangen");
    expect(text).toMatch(/Bereits eingegangen: 20,00\s€\. Bitte überweise den offenen Betrag von 44,60\s€/);
    expect(text).toMatch(/Verwendungszweck\s+3f2a9c1b/);
  });

  it("names the buyer's company and VAT id", async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        order: { ...invoice.order, company: "Glück & Co. KG", vat_id: "DE123456789" },
      }),
    );
    expect(text).toContain("Glück & Co. KG");
    expect(text).toContain("USt-IdNr.: DE123456789");
  });

  it("prints the § 19 note instead of VAT for a small business", async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice, vatMode: "small-business" }));
    expect(text).toContain("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.");
    expect(text).not.toContain("Umsatzsteuer 7 %");
    expect(text).toMatch(/Gesamtbetrag\s+64,60\s€/);
  });

  it("marks a cancellation invoice with negative amounts and the cancelled number", async () => {
    const storno: InvoiceDocument = {
      ...invoice,
      number: "RE-2026-000043",
      kind: "cancellation",
      total_amount: -64.6,
      cancels: { number: "RE-2026-000042", issuedAt: "2026-11-24T09:30:00.000Z" },
    };
    const text = await pdfText(await renderInvoicePdf(storno));
    expect(text).toContain("Stornorechnung");
    expect(text).toContain("Storno zur Rechnung RE-2026-000042 vom 24.11.2026.");
    expect(text).toMatch(/Gesamtbetrag\s+-64,60\s€/);
  });

  it("writes a Storno's line of 0,00 € (included in a membership) without a minus", async () => {
    const storno: InvoiceDocument = {
      ...invoice,
      kind: "cancellation",
      lines: [...invoice.lines, { title: "E-Book: 30 Tage Achtsamkeit", quantity: 1, unitPrice: 0, vatRate: 7 }],
      cancels: { number: "RE-2026-000042", issuedAt: "2026-11-24T09:30:00.000Z" },
    };
    const text = await pdfText(await renderInvoicePdf(storno));
    expect(text).toMatch(/E-Book: 30 Tage Achtsamkeit\s+3\s+-1\s+0,00\s€\s+7\s%\s+0,00\s€\n/);
    expect(text).not.toMatch(/-0,00/);
  });

  it("prints the seller stored with the invoice, not the operator configured now", async () => {
    const issuedUnder = operatorFrom(
      parseEnv({
        OPERATOR_NAME: "Glücksladen Müller e. K.",
        OPERATOR_STREET: "Alte Gasse 3",
        OPERATOR_POSTAL_CODE: "04109",
        OPERATOR_CITY: "Leipzig",
        OPERATOR_VAT_ID: "DE123456789",
        BANK_IBAN: "DE02120300000000202051",
        BANK_BIC: "BYLADEM1001",
        BANK_NAME: "Alte Bank",
      }),
    );
    // The configuration has moved on since (the process env plays no part in rendering).
    process.env.OPERATOR_NAME = "Neue Firma GmbH";
    try {
      const text = await pdfText(await renderInvoicePdf({ ...invoice, seller: sellerOf(issuedUnder) }));
      expect(text).toContain("Glücksladen Müller e. K.");
      expect(text).toContain("Alte Gasse 3");
      expect(text).toContain("04109 Leipzig");
      expect(text).toContain("DE123456789");
      expect(text).toContain("DE02 1203 0000 0000 2020 51");
      expect(text).not.toContain("Neue Firma");
      expect(text).not.toContain("BeHappy GmbH (Beispieldaten)");
      expect(text).not.toContain("DE89 3704");
    } finally {
      delete process.env.OPERATOR_NAME;
    }
  });

  it("prints a shipping fee as its own line at the given rate, and no 'versandkostenfrei'", async () => {
    const shipped: InvoiceDocument = {
      ...invoice,
      total_amount: 69.5,
      order: { ...invoice.order, shipping_fee: 4.9 },
      lines: [...invoice.lines, { title: "Versand", quantity: 1, unitPrice: 4.9, vatRate: 19 }],
    };
    const text = await pdfText(await renderInvoicePdf(shipped));
    expect(text).toMatch(/Versand\s+3\s+1\s+4,90\s€\s+19 %\s+4,90\s€/);
    // 19 %: 24.80 + 4.90 = 29.70 gross → 24.96 net, 4.74 VAT
    expect(text).toMatch(/Nettobetrag 19 %\s+24,96\s€/);
    expect(text).toMatch(/Gesamtbetrag\s+69,50\s€/);
    expect(text).not.toContain("versandkostenfrei");
  });
});
