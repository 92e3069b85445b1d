import { describe, expect, it } from "vitest";
import { noInvoiceReason } from "~/components/admin/order-detail";

describe("an order without an invoice says why", () => {
  it("nothing to pay (a Free plan, a 100 % voucher): none will come", () => {
    expect(noInvoiceReason({ total_amount: 0, status: "completed" })).toBe(
      "Keine Rechnung: Bei dieser Bestellung ist nichts zu zahlen.",
    );
  });
  it("cancelled before it was paid: none will come", () => {
    expect(noInvoiceReason({ total_amount: 49, status: "cancelled" })).toBe(
      "Keine Rechnung: Die Bestellung wurde vor dem Zahlungseingang storniert.",
    );
  });
  it("waiting for its payment: it comes with the payment", () => {
    expect(noInvoiceReason({ total_amount: 49, status: "pending" })).toBe(
      "Noch keine Rechnung (sie entsteht mit dem Zahlungseingang).",
    );
  });
});
