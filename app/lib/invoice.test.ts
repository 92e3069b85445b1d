import { describe, expect, it } from "vitest";
import { documentCountText, invoiceKindText, invoiceSums } from "~/lib/invoice";

describe("invoice sums per VAT rate", () => {
  it("takes the tax out of each rate's gross sum, in whole cents", () => {
    const sums = invoiceSums(
      [
        { title: "Tagebuch", quantity: 2, unitPrice: 19.9, vatRate: 7 },
        { title: "Workbook", quantity: 1, unitPrice: 18, vatRate: 7 },
        { title: "Tasse", quantity: 3, unitPrice: 12.9, vatRate: 19 },
        { title: "Kurs", quantity: 1, unitPrice: 149, vatRate: 19 },
      ],
      "regular",
    );
    // 19 %: 38.70 + 149.00 = 187.70 gross; net = 187.70 / 1.19 = 157.731… → 157.73; VAT 29.97
    // 7 %: 39.80 + 18.00 = 57.80 gross; net = 57.80 / 1.07 = 54.018… → 54.02; VAT 3.78
    expect(sums.rates).toEqual([
      { rate: 19, net: 157.73, vat: 29.97, gross: 187.7 },
      { rate: 7, net: 54.02, vat: 3.78, gross: 57.8 },
    ]);
    expect(sums).toMatchObject({ net: 211.75, vat: 33.75, gross: 245.5 });
  });

  it("rounds half up at the cent and keeps net + VAT = gross", () => {
    // 1.07 / 1.07 = 1.00 exactly; 0.01 gross at 19 % → net 0.01, VAT 0.00
    expect(invoiceSums([{ title: "a", quantity: 1, unitPrice: 1.07, vatRate: 7 }], "regular").rates[0]).toEqual({
      rate: 7,
      net: 1,
      vat: 0.07,
      gross: 1.07,
    });
    const tiny = invoiceSums([{ title: "b", quantity: 1, unitPrice: 0.01, vatRate: 19 }], "regular").rates[0];
    expect(tiny.net + tiny.vat).toBeCloseTo(0.01, 10);
    for (const cents of [1, 99, 1999, 2490, 99999]) {
      const r = invoiceSums([{ title: "c", quantity: 3, unitPrice: cents / 100, vatRate: 19 }], "regular").rates[0];
      expect(Math.round(r.net * 100) + Math.round(r.vat * 100)).toBe(cents * 3);
    }
  });

  it("shows no tax under § 19 UStG (one rate 0, net = gross)", () => {
    const sums = invoiceSums(
      [
        { title: "Tagebuch", quantity: 1, unitPrice: 19.9, vatRate: 7 },
        { title: "Tasse", quantity: 1, unitPrice: 12.9, vatRate: 19 },
      ],
      "small-business",
    );
    expect(sums.rates).toEqual([{ rate: 0, net: 32.8, vat: 0, gross: 32.8 }]);
    expect(sums.vat).toBe(0);
  });
});

describe("e-invoice rule BR-CO-17 (VAT per rate = taxable amount × rate)", () => {
  /**
   * The rule as the EN 16931 validation artefacts check it in CII (ConnectingEurope/eInvoicing-EN16931,
   * cii/schematron/CII/EN16931-CII-model.sch): the tax amount may differ from the rounded product
   * by up to one currency unit, so that the tax taken out of gross prices (§ 14 UStG, as the PDF
   * prints it) stays valid.
   */
  const brCo17 = (taxable: number, rate: number, tax: number) => {
    const expected = Math.round(Math.abs(taxable) * rate) / 100;
    return Math.abs(tax) - 1 <= expected && Math.abs(tax) + 1 >= expected;
  };

  it("holds for every rate's sum up to 1.000 €, and the tax is never more than a cent from net × rate", () => {
    let worst = 0;
    const refused: string[] = [];
    for (const rate of [7, 19]) {
      for (let gross = 1; gross <= 100_000; gross++) {
        const line = { title: "x", quantity: 1, unitPrice: gross / 100, vatRate: rate };
        const [sum] = invoiceSums([line], "regular").rates;
        if (!brCo17(sum.net, rate, sum.vat)) refused.push(`${rate} %: ${sum.gross}`);
        worst = Math.max(worst, Math.abs(Math.round(sum.vat * 100) - Math.round(sum.net * rate)));
      }
    }
    expect(refused).toEqual([]);
    expect(worst).toBe(1);
  });

  it("keeps the tax a book's gross price contains: 14,90 € at 7 % is 13,93 € + 0,97 €", () => {
    const [sum] = invoiceSums([{ title: "Glücksbuch", quantity: 1, unitPrice: 14.9, vatRate: 7 }], "regular").rates;
    expect(sum).toMatchObject({ net: 13.93, vat: 0.97, gross: 14.9 });
    // 13,93 € × 7 % = 0,9751 €: a cent apart, within the rule.
    expect(brCo17(sum.net, 7, sum.vat)).toBe(true);
  });
});

describe("documents in the accountant's overview", () => {
  it("names a correction and a Storno by what they refer to", () => {
    expect(invoiceKindText("invoice", null)).toBe("Rechnung");
    expect(invoiceKindText("correction", "RE-2026-000001")).toBe("Korrektur zu RE-2026-000001");
    expect(invoiceKindText("cancellation", "RE-2026-000001")).toBe("Storno zu RE-2026-000001");
  });

  it("counts each kind on its own, in the singular where there is one", () => {
    expect(documentCountText([])).toBe("0 Belege");
    expect(documentCountText(["invoice"])).toBe("1 Beleg: 1 Rechnung");
    expect(documentCountText(["invoice", "invoice", "correction", "correction", "cancellation"])).toBe(
      "5 Belege: 2 Rechnungen, 2 Rechnungskorrekturen, 1 Stornorechnung",
    );
  });
});
