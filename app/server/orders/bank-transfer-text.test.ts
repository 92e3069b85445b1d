import { describe, expect, it } from "vitest";
import type { BankTransfer } from "~/lib/bank-transfer";
import { bankTransferHtml, bankTransferText } from "~/server/orders/order-confirmation-mail.server";

const transfer: BankTransfer = {
  amount: 70,
  holder: "BeHappy GmbH",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  bankName: "Commerzbank",
  reference: "BH-12345678",
  dueDays: 14,
};

describe("'Bitte überweise …' in the order mail", () => {
  it("names the day the money must arrive by and what happens otherwise", () => {
    // Placed 29.11.2026 19:00 Berlin: 14 days on is 13.12.2026 (Berlin), also late in the evening.
    const withDeadline = { ...transfer, deadline: "2026-12-13T22:30:00Z" };
    expect(bankTransferText(withDeadline)[0]).toBe(
      "Bitte überweise 70,00\u00a0€ bis zum 13.12.2026 auf folgendes Konto. Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung.",
    );
    expect(bankTransferHtml(withDeadline)).toContain(
      "<p>Bitte überweise <strong>70,00\u00a0€</strong> bis zum 13.12.2026 auf folgendes Konto. Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung.</p>",
    );
  });

  it("falls back to the number of days without a known date", () => {
    expect(bankTransferText(transfer)[0]).toBe(
      "Bitte überweise 70,00\u00a0€ innerhalb von 14 Tagen auf folgendes Konto. Geht in dieser Zeit keine Zahlung ein, stornieren wir die Bestellung.",
    );
  });
});
