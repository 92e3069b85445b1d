import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BankTransferBox, type BankTransferView } from "~/components/order/bank-transfer";

const transfer: BankTransferView = {
  amount: 129,
  holder: "BeHappy GmbH",
  iban: "DE02 1203 0000 0000 2020 51",
  bic: "BYLADEM1001",
  bankName: "Musterbank",
  reference: "731EF540",
  dueDays: 14,
  deadline: "2026-12-20T10:00:00.000Z",
  qrSvg: "<svg></svg>",
};

const text = (invoiceByMail: boolean) =>
  renderToStaticMarkup(<BankTransferBox transfer={transfer} invoiceByMail={invoiceByMail} />).replace(/<[^>]+>/g, "");

describe("the order page's payment box", () => {
  it("promises the invoice by mail only to a confirmed address; else it waits in the dashboard", () => {
    expect(text(true)).toContain("Sobald die Zahlung eingegangen ist, schicken wir dir die Rechnung per E-Mail.");
    expect(text(false)).toContain(
      "Sobald die Zahlung eingegangen ist, findest du die Rechnung in deinem Dashboard (per E-Mail, sobald du deine Adresse bestätigt hast).",
    );
    expect(text(false)).not.toContain("schicken wir dir die Rechnung");
  });
});
