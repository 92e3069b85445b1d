import { describe, expect, it } from "vitest";
import { invoiceBookings, revenueAccount, type ExportInvoice } from "~/server/orders/datev-export.server";
import { parseEnv } from "~/server/platform/env.server";
import { datevSettingsFrom } from "~/server/platform/operator.server";

const SKR03 = datevSettingsFrom(parseEnv({}));

const INVOICE: ExportInvoice = {
  id: "00000000-0000-4000-8000-000000000001",
  number: "RE-2026-000007",
  kind: "invoice",
  orderId: "abcd1234-0000-4000-8000-000000000000",
  issuedDay: "2026-11-03",
  supplyDate: "2026-11-03",
  totalAmount: 64.8,
  vatMode: "regular",
  cancels: null,
  lines: [
    { title: "Achtsamkeit (Buch)", quantity: 2, unitPrice: 14.9, vatRate: 7 },
    { title: "Workshop", quantity: 1, unitPrice: 30, vatRate: 19 },
    { title: "Versand", quantity: 1, unitPrice: 5, vatRate: 19 },
  ],
};

describe("DATEV bookings of invoices", () => {
  it("books an invoice once per VAT rate: debtor on Soll, the rate's revenue account on Haben", () => {
    const bookings = invoiceBookings([INVOICE], SKR03);
    expect(bookings).toEqual([
      {
        amountCents: 3500,
        side: "S",
        account: "10000",
        contraAccount: "8400",
        date: "2026-11-03",
        document: "RE-2026-000007",
        text: "Rechnung RE-2026-000007, Best. abcd1234, 19 % USt",
        serviceDate: "2026-11-03",
      },
      expect.objectContaining({
        amountCents: 2980,
        side: "S",
        contraAccount: "8300",
        text: expect.stringContaining("7 % USt"),
      }),
    ]);
    for (const b of bookings) expect(b.text.length).toBeLessThanOrEqual(60);
  });

  it("books a cancellation invoice on Haben with its own number, naming the cancelled one", () => {
    const storno = {
      ...INVOICE,
      number: "RE-2026-000009",
      kind: "cancellation" as const,
      totalAmount: -64.8,
      cancels: "RE-2026-000007",
    };
    const bookings = invoiceBookings([storno], SKR03);
    expect(bookings.map((b) => [b.side, b.amountCents, b.contraAccount, b.document])).toEqual([
      ["H", 3500, "8400", "RE-2026-000009"],
      ["H", 2980, "8300", "RE-2026-000009"],
    ]);
    expect(bookings[0].text).toBe("Storno RE-2026-000009 zu RE-2026-000007, 19 % USt");
  });

  it("books § 19 UStG invoices on the 0 % account", () => {
    const bookings = invoiceBookings([{ ...INVOICE, vatMode: "small-business" }], SKR03);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ amountCents: 6480, contraAccount: "8195" });
    expect(bookings[0].text).toContain("ohne USt");
  });

  it("refuses an invoice whose lines do not add up to its total", () => {
    expect(() => invoiceBookings([{ ...INVOICE, totalAmount: 60 }], SKR03)).toThrow(/RE-2026-000007/);
  });

  it("takes SKR04 accounts when set", () => {
    const skr04 = datevSettingsFrom(parseEnv({ DATEV_ACCOUNT_FRAME: "SKR04" }));
    expect([19, 7, 0].map((rate) => revenueAccount(skr04, rate))).toEqual(["4400", "4300", "4185"]);
    expect(() => revenueAccount(skr04, 16)).toThrow(/16 %/);
  });
});
