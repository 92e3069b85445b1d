import { describe, expect, it } from "vitest";
import { cancelDescription } from "~/components/admin/order-status-form";

describe("cancelDescription", () => {
  const row = { id: "3f2a9c1b-0000-4000-8000-000000000000", customer_name: "Mia Schulz", total_amount: 44.8 };

  it("names the total, and after a partial refund what the Stornorechnung still cancels", () => {
    expect(cancelDescription({ ...row, corrected: 0 })).toMatch(
      /^Die Bestellung 3f2a9c1b… von Mia Schulz über 44,80\s€ wird storniert\.$/,
    );
    expect(cancelDescription({ ...row, corrected: 14.9 })).toMatch(
      /Rechnungskorrekturen haben davon schon 14,90\s€ gutgeschrieben; die Stornorechnung hebt die übrigen 29,90\s€ auf\.$/,
    );
  });
});
