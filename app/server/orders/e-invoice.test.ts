import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { orderNumber } from "~/lib/format";
import { sellerOf } from "~/lib/operator";
import { bankTransferFor } from "~/server/orders/bank-transfer.server";
import { renderEInvoiceXml } from "~/server/orders/e-invoice.server";
import { inspectPdf, validateCii } from "~/server/orders/fixtures/cii-schema";
import { invoice } from "~/server/orders/fixtures/invoice-document";
import { pdfText } from "~/server/orders/fixtures/pdf-text";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import type { InvoiceDocument } from "~/server/orders/invoices.server";
import { parseEnv } from "~/server/platform/env.server";
import { operatorFrom } from "~/server/platform/operator.server";

const company: InvoiceDocument = {
  ...invoice,
  order: { ...invoice.order, company: "Glück & Co. KG", vat_id: "DE123456789" },
};

const storno: InvoiceDocument = {
  ...company,
  number: "RE-2026-000043",
  kind: "cancellation",
  total_amount: -64.6,
  settledAtIssue: 0,
  cancels: { number: "RE-2026-000042", issuedAt: "2026-11-24T09:30:00.000Z" },
};

/** A PDF's document information and XMP, as a reader shows them. */
const metadataOf = async (pdf: Uint8Array) => {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  const { info, metadata } = (await doc.getMetadata()) as unknown as {
    info: Record<string, unknown>;
    metadata: { get: (name: string) => unknown } | null;
  };
  await doc.destroy();
  return { info, xmp: (name: string) => metadata?.get(name) };
};

const text = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);

describe("e-invoice XML (EN 16931, CII)", () => {
  it("is valid against the CII D16B schema and says what the PDF says", async () => {
    const xml = await renderEInvoiceXml(company, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain("urn:cen.eu:en16931:2017");
    expect(text(xml, "ram:TypeCode")).toContain("380");
    expect(xml).toContain("RE-2026-000042");
    expect(xml).toContain("Glück &amp; Co. KG");
    expect(xml).toMatch(/<ram:ID schemeID="VA">DE123456789<\/ram:ID>/);
    // Per rate as on the PDF: 7 % 37.20 + 2.60, 19 % 20.84 + 3.96; total 64.60.
    expect(text(xml, "ram:BasisAmount")).toEqual(expect.arrayContaining(["37.20", "20.84"]));
    expect(text(xml, "ram:CalculatedAmount")).toEqual(expect.arrayContaining(["2.60", "3.96"]));
    expect(text(xml, "ram:GrandTotalAmount")).toEqual(["64.60"]);
    expect(text(xml, "ram:TaxBasisTotalAmount")).toEqual(["58.04"]);
    // Line net amounts add up to the per-rate net sums (BR-CO-10).
    const lineNet = text(xml, "ram:LineTotalAmount").slice(0, -1).map(Number);
    expect(Math.round(lineNet.reduce((a, b) => a + b, 0) * 100)).toBe(5804);
    // Payment by bank transfer to the shop's IBAN.
    expect(text(xml, "ram:TypeCode")).toContain("58");
    expect(xml).toContain("DE89370400440532013000");
  });

  it("is a credit note (381) referencing the cancelled invoice, with positive amounts", async () => {
    const xml = await renderEInvoiceXml(storno, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(text(xml, "ram:TypeCode")).toContain("381");
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-000042<\/ram:IssuerAssignedID>/,
    );
    expect(xml).toContain("20261124");
    expect(text(xml, "ram:GrandTotalAmount")).toEqual(["64.60"]);
  });

  it("maps any negative document with a referenced invoice to 381 (a correction of returned lines)", async () => {
    const correction = {
      ...storno,
      kind: "correction",
      total_amount: -24.8,
      // As linesOfInvoices gives them: the returned quantity; the kind makes the document negative.
      lines: [{ title: "BeHappy Tasse", quantity: 2, unitPrice: 12.4, vatRate: 19 }],
    } as unknown as InvoiceDocument;
    const xml = await renderEInvoiceXml(correction, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(text(xml, "ram:TypeCode")).toContain("381");
    expect(text(xml, "ram:GrandTotalAmount")).toEqual(["24.80"]);
    expect(text(xml, "ram:BilledQuantity")).toEqual(["2"]);
    expect(xml).toContain("RE-2026-000042");
  });

  it("uses VAT category E with the § 19 reason for a small business", async () => {
    const xml = await renderEInvoiceXml({ ...company, vatMode: "small-business" }, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(text(xml, "ram:CategoryCode")).toEqual(expect.arrayContaining(["E"]));
    expect(text(xml, "ram:CategoryCode")).not.toContain("S");
    expect(text(xml, "ram:ExemptionReason")[0]).toContain("§ 19 UStG");
    expect(text(xml, "ram:TaxTotalAmount")).toEqual(["0.00"]);
  });

  it("as XRechnung 3.0 (CII): valid, with the order number as buyer reference", async () => {
    const seller = sellerOf(operatorFrom(parseEnv({})));
    const xml = await renderEInvoiceXml({ ...company, seller }, "xrechnung");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect(text(xml, "ram:BuyerReference")).toEqual(["3f2a9c1b"]);
  });
});

describe("e-invoice dates (BT-2, BT-26)", () => {
  // 23:30 UTC on New Year's Eve is 00:30 on 1 January in Berlin: the day the PDF and DATEV give.
  const newYear = { ...company, number: "RE-2027-000001", issued_at: "2026-12-31T23:30:00.000Z" };
  const issueDate = (xml: string) =>
    /<ram:IssueDateTime>\s*<udt:DateTimeString format="102">(\d{8})<\/udt:DateTimeString>/.exec(xml)?.[1];

  it("dates an invoice issued at 23:30 UTC on 31 December 1 January, like its PDF", async () => {
    for (const format of ["factur-x", "xrechnung"] as const) {
      const xml = await renderEInvoiceXml(newYear, format);
      expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
      expect(issueDate(xml)).toBe("20270101");
    }
    const { info } = await metadataOf(await renderInvoicePdf(newYear));
    expect(String(info.Subject)).toContain("vom 01.01.2027");
  });

  it("dates the preceding invoice of a credit note (BT-26) by its Berlin day too", async () => {
    const credit = {
      ...storno,
      issued_at: "2027-01-02T10:00:00.000Z",
      cancels: { number: "RE-2027-000001", issuedAt: "2026-12-31T23:30:00.000Z" },
    };
    const xml = await renderEInvoiceXml(credit, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2027-000001<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20270101<\/qdt:DateTimeString>/,
    );
    expect(xml).not.toContain("20261231");
  });
});

describe("a line's own Leistungsdatum (§ 14 Abs. 4 Nr. 6 UStG)", () => {
  // A retreat over three days (Berlin: 12–14 March 2027) and a mug, paid on 24 November 2026.
  const retreat = {
    title: "Achtsamkeits-Retreat",
    quantity: 1,
    unitPrice: 390,
    vatRate: 19,
    service: { startsAt: "2027-03-12T09:00:00.000Z", endsAt: "2027-03-14T15:00:00.000Z" },
  };
  const evening = {
    title: "Netzwerkabend",
    quantity: 2,
    unitPrice: 49,
    vatRate: 19,
    // 23:30 UTC is 00:30 the next day in Berlin.
    service: { startsAt: "2027-03-26T23:30:00.000Z", endsAt: null },
  };
  const mixed = { ...company, lines: [retreat, { title: "BeHappy Tasse", quantity: 1, unitPrice: 12.4, vatRate: 19 }] };
  const eventsOnly = {
    ...company,
    lines: [retreat, evening, { title: "Gutschein HAPPY", quantity: 1, unitPrice: -10, vatRate: 19 }],
  };
  const periods = (xml: string) =>
    [...xml.matchAll(/<ram:BillingSpecifiedPeriod>([\s\S]*?)<\/ram:BillingSpecifiedPeriod>/g)].map((m) =>
      [...m[1]!.matchAll(/format="102">(\d{8})</g)].map((d) => d[1]),
    );
  const deliveryDate = (xml: string) =>
    /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">(\d{8})/.exec(
      xml,
    )?.[1];

  it("prints the event's days under its line; the invoice's date stays for the goods", async () => {
    const text = await pdfText(await renderInvoicePdf(mixed));
    expect(text).toContain("Leistungszeitraum: 12.03.2027 – 14.03.2027");
    expect(text).toMatch(/Leistungsdatum\s+24\.11\.2026/);
    const only = await pdfText(await renderInvoicePdf(eventsOnly));
    expect(only).toContain("Leistungsdatum: 27.03.2027");
    expect(only).toMatch(/Leistungsdatum\s+siehe Positionen/);
  });

  it("gives the line its period (BT-134/135); BT-72 is the first event's day when every line has one", async () => {
    for (const format of ["factur-x", "xrechnung"] as const) {
      const seller = sellerOf(operatorFrom(parseEnv({})));
      const xml = await renderEInvoiceXml({ ...eventsOnly, seller }, format);
      expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
      expect(periods(xml)).toEqual(
        expect.arrayContaining([
          ["20270312", "20270314"],
          ["20270327", "20270327"],
        ]),
      );
      expect(deliveryDate(xml)).toBe("20270312");
    }
    const xml = await renderEInvoiceXml(mixed, "factur-x");
    expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
    expect(deliveryDate(xml)).toBe(invoice.supplyDate.replaceAll("-", ""));
  });
});

describe("e-invoice payment state (BT-113, BT-115, BT-83)", () => {
  const summation = (xml: string) =>
    [...xml.matchAll(/<ram:(\w+)[^>]*>[^<]*<\/ram:\1>/g)]
      .filter((m) => xml.indexOf(m[0]) > xml.indexOf("<ram:SpecifiedTradeSettlementHeaderMonetarySummation>"))
      .filter((m) => xml.indexOf(m[0]) < xml.indexOf("</ram:SpecifiedTradeSettlementHeaderMonetarySummation>"))
      .map((m) => m[1]);

  it("says a paid invoice is paid: all of it prepaid, nothing due, in the schema's order", async () => {
    for (const format of ["factur-x", "xrechnung"] as const) {
      const xml = await renderEInvoiceXml(company, format);
      expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
      expect(text(xml, "ram:GrandTotalAmount")).toEqual(["64.60"]);
      expect(text(xml, "ram:TotalPrepaidAmount")).toEqual(["64.60"]);
      expect(text(xml, "ram:DuePayableAmount")).toEqual(["0.00"]);
      expect(summation(xml)).toEqual([
        "LineTotalAmount",
        "TaxBasisTotalAmount",
        "TaxTotalAmount",
        "GrandTotalAmount",
        "TotalPrepaidAmount",
        "DuePayableAmount",
      ]);
      expect(text(xml, "ram:Description").join(" ")).toContain("bereits eingegangen");
    }
  });

  it("leaves the rest due when less was received, and caps an overpayment at the total", async () => {
    const part = await renderEInvoiceXml({ ...company, settledAtIssue: 20 }, "factur-x");
    expect(await validateCii(part)).toEqual({ valid: true, errors: [] });
    expect(text(part, "ram:TotalPrepaidAmount")).toEqual(["20.00"]);
    expect(text(part, "ram:DuePayableAmount")).toEqual(["44.60"]);
    expect(text(part, "ram:Description").join(" ")).not.toContain("bereits eingegangen");
    const over = await renderEInvoiceXml({ ...company, settledAtIssue: 100 }, "factur-x");
    expect(text(over, "ram:TotalPrepaidAmount")).toEqual(["64.60"]);
    expect(text(over, "ram:DuePayableAmount")).toEqual(["0.00"]);
  });

  it("asks for the order's Verwendungszweck, as the confirmation, the mails and the GiroCode do", async () => {
    const xml = await renderEInvoiceXml(company, "factur-x");
    expect(text(xml, "ram:PaymentReference")).toEqual([orderNumber(company.order_id)]);
    expect(bankTransferFor({ total_amount: 64.6 }, orderNumber(company.order_id))?.reference).toBe("3f2a9c1b");
  });

  it("a credit note: what is paid back is due, the rest settled; the sums add up", async () => {
    const refunded = await renderEInvoiceXml({ ...storno, settledAtIssue: 0 }, "factur-x");
    expect(await validateCii(refunded)).toEqual({ valid: true, errors: [] });
    expect(text(refunded, "ram:TotalPrepaidAmount")).toEqual(["0.00"]);
    expect(text(refunded, "ram:DuePayableAmount")).toEqual(["64.60"]);
    // Set back to "Ausstehend": the money stays with the order, nothing is paid back.
    const kept = await renderEInvoiceXml({ ...storno, settledAtIssue: 64.6 }, "xrechnung");
    expect(await validateCii(kept)).toEqual({ valid: true, errors: [] });
    expect(text(kept, "ram:TotalPrepaidAmount")).toEqual(["64.60"]);
    expect(text(kept, "ram:DuePayableAmount")).toEqual(["0.00"]);
  });
});

describe("the schema check itself", () => {
  it("refuses CII with an element the schema does not know", async () => {
    const xml = (await renderEInvoiceXml(company, "factur-x")).replace(
      "<ram:Name>BeHappy Tasse</ram:Name>",
      "<ram:Name>BeHappy Tasse</ram:Name><ram:Colour>blau</ram:Colour>",
    );
    expect((await validateCii(xml)).valid).toBe(false);
  });
});

describe("Factur-X PDF", () => {
  it("passes qpdf --check and carries factur-x.xml equal to the XML download", async () => {
    const pdf = await renderInvoicePdf(company);
    const { check, facturX, plain } = inspectPdf(pdf);
    expect(check).toContain("No syntax or stream encoding errors found");
    expect(facturX).toBe(await renderEInvoiceXml(company, "factur-x"));
    // Factur-X XMP (profile EN 16931), PDF/A-3 identification, an output intent; the XML as
    // the "Alternative" representation.
    expect(plain).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(plain).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(plain).toContain("/OutputIntents");
    expect(plain).toContain("/AFRelationship /Alternative");
    // PDF/A allows only embedded fonts: every font carries its file, none is a bare standard font.
    expect(plain).toContain("/FontFile2");
    expect(plain).not.toMatch(/\/BaseFont \/Helvetica/);
  });
});

describe("the PDF's metadata", () => {
  it("is German, in the document information and the XMP alike, for invoices, Stornos and corrections", async () => {
    const correction = { ...storno, number: "RE-2026-000044", kind: "correction" } as InvoiceDocument;
    const seller = company.seller.company;
    const cases = [
      [company, "Rechnung RE-2026-000042", `Rechnung RE-2026-000042 vom 24.11.2026, ausgestellt von ${seller}`],
      [
        storno,
        "Stornorechnung RE-2026-000043",
        `Stornorechnung RE-2026-000043 vom 24.11.2026 zur Rechnung RE-2026-000042, ausgestellt von ${seller}`,
      ],
      [
        correction,
        "Rechnungskorrektur RE-2026-000044",
        `Rechnungskorrektur RE-2026-000044 vom 24.11.2026 zur Rechnung RE-2026-000042, ausgestellt von ${seller}`,
      ],
    ] as const;
    for (const [document, title, subject] of cases) {
      const { info, xmp } = await metadataOf(await renderInvoicePdf(document));
      expect(info).toMatchObject({
        Title: title,
        Subject: subject,
        Author: seller,
        Creator: `Onlineshop von ${seller}`,
        Language: "de-DE",
      });
      expect(String(info.Keywords)).toContain("E-Rechnung");
      expect(JSON.stringify(info)).not.toMatch(/Invoice|issued by/);
      // PDF/A-3: the XMP says what the document information says.
      expect(xmp("dc:title")).toBe(title);
      expect(xmp("dc:description")).toBe(subject);
      expect(xmp("xmp:creatortool")).toBe(`Onlineshop von ${seller}`);
      expect(xmp("dc:creator")).toEqual([seller]);
    }
  });
});
