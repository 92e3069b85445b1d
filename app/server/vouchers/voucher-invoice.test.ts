import { describe, expect, it } from "vitest";
import { invoiceSums } from "~/lib/invoice";
import { invoiceLinesOf, type InvoiceDocument } from "~/server/orders/invoices.server";
import { invoiceBookings } from "~/server/orders/datev-export.server";
import { datevSettingsFrom } from "~/server/platform/operator.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { pdfText } from "~/server/orders/fixtures/pdf-text";
import { parseEnv } from "~/server/platform/env.server";
import { renderEInvoiceXml } from "~/server/orders/e-invoice.server";
import { validateCii } from "~/server/orders/fixtures/cii-schema";
import { invoice } from "~/server/orders/fixtures/invoice-document";

// A book (7 %) 2 × 19,90 and a mug (19 %) 2 × 12,40, shipped for 4,90; a 10 € code spread over the
// lines by place_order in proportion (39,80 : 24,80 → 6,16 and 3,84).
const items = [
  { item_title: "Dankbarkeitstagebuch", quantity: 2, price: 19.9, vat_rate: 7, shipped: true, discount: 6.16 },
  { item_title: "BeHappy Tasse", quantity: 2, price: 12.4, vat_rate: 19, shipped: true, discount: 3.84 },
];

const withVoucher: InvoiceDocument = {
  ...invoice,
  number: "RE-2026-000043",
  total_amount: 59.5,
  delivery: null,
  order: { ...invoice.order, shipping_fee: 4.9, voucher_code: "SOMMER10" },
  lines: invoiceLinesOf(items, 4.9, { voucherCode: "SOMMER10" }),
};

describe("a voucher on the invoice", () => {
  it("is one negative line per VAT rate, so the rates' sums are net of it and shipping is not", () => {
    const lines = invoiceLinesOf(items, 4.9, { voucherCode: "SOMMER10" });
    expect(lines.map((l) => [l.title, l.unitPrice, l.vatRate])).toEqual([
      ["Dankbarkeitstagebuch", 19.9, 7],
      ["BeHappy Tasse", 12.4, 19],
      ["Gutschein SOMMER10", -3.84, 19],
      ["Gutschein SOMMER10", -6.16, 7],
      ["Versand", 4.9, 19],
    ]);
    const sums = invoiceSums(lines, "regular");
    // 19 %: 24,80 − 3,84 + 4,90 = 25,86; 7 %: 39,80 − 6,16 = 33,64; total 69,50 − 10 = 59,50.
    expect(sums.rates.map((r) => [r.rate, r.gross, r.net, r.vat])).toEqual([
      [19, 25.86, 21.73, 4.13],
      [7, 33.64, 31.44, 2.2],
    ]);
    expect(sums.gross).toBe(59.5);
  });

  it("is booked for DATEV net of the discount per rate, and the bookings sum to the invoice total", () => {
    const bookings = invoiceBookings(
      [
        {
          id: "00000000-0000-4000-8000-000000000001",
          number: "RE-2026-000044",
          kind: "invoice",
          orderId: "abcd1234-0000-4000-8000-000000000000",
          issuedDay: "2026-11-03",
          supplyDate: "2026-11-03",
          totalAmount: 59.5,
          vatMode: "regular",
          cancels: null,
          lines: invoiceLinesOf(items, 4.9, { voucherCode: "SOMMER10" }),
        },
      ],
      datevSettingsFrom(parseEnv({})),
    );
    expect(bookings.map((b) => [b.contraAccount, b.amountCents])).toEqual([
      ["8400", 2586],
      ["8300", 3364],
    ]);
    expect(bookings.reduce((sum, b) => sum + b.amountCents, 0)).toBe(5950);
  });

  it("has no line without a discount", () => {
    expect(
      invoiceLinesOf(
        items.map((i) => ({ ...i, discount: 0 })),
        0,
      ).map((l) => l.title),
    ).toEqual(["Dankbarkeitstagebuch", "BeHappy Tasse"]);
  });

  it("is printed on the PDF with the split per rate", async () => {
    const text = await pdfText(await renderInvoicePdf(withVoucher));
    expect(text).toContain("Gutschein SOMMER10");
    expect(text).toMatch(/-6,16\s€/);
    expect(text).toMatch(/-3,84\s€/);
    expect(text).toMatch(/Nettobetrag 7 %\s+31,44\s€/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+4,13\s€/);
    expect(text).toMatch(/Gesamtbetrag\s+59,50\s€/);
  });

  it("is a lower quantity in the e-invoice, never a negative price (EN 16931 BR-27), valid to the schema", async () => {
    const xml = await renderEInvoiceXml(withVoucher, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    const prices = [...xml.matchAll(/<ram:ChargeAmount>([^<]*)<\/ram:ChargeAmount>/g)].map((m) => Number(m[1]));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 0)).toBe(true);
    expect(xml).toMatch(/<ram:BilledQuantity unitCode="[A-Z0-9]+">-1<\/ram:BilledQuantity>/);
    expect([...xml.matchAll(/<ram:GrandTotalAmount>([^<]*)</g)].map((m) => m[1])).toEqual(["59.50"]);
  });
});
