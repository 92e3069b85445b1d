import { describe, expect, it } from "vitest";
import { isValidVatId, normalizeVatId } from "~/lib/vat-id";

describe("EU VAT id shape", () => {
  it.each([
    "DE123456789",
    "de 123 456 789",
    "ATU12345678",
    "FRXX123456789",
    "FR12345678901",
    "NL123456789B01",
    "IT12345678901",
    "ESX1234567X",
    "EL123456789",
    "IE1234567WA",
    "SE123456789001",
  ])("accepts %s", (vatId) => {
    expect(isValidVatId(vatId)).toBe(true);
  });

  it.each([
    ["DE12345678", "DE has nine digits"],
    ["DE1234567890", "not ten"],
    ["AT12345678", "AT needs the U"],
    ["NL123456789A01", "NL needs the B"],
    ["GR123456789", "Greece is EL"],
    ["US123456789", "not an EU country"],
    ["123456789", "no country prefix"],
    ["", "empty"],
    ["FRIO123456789", "FR excludes I and O"],
  ])("rejects %s (%s)", (vatId) => {
    expect(isValidVatId(vatId)).toBe(false);
  });

  it("normalises to upper case without spaces, dots and dashes", () => {
    expect(normalizeVatId(" de 123.456-789 ")).toBe("DE123456789");
  });
});
