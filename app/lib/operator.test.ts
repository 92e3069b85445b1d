import { describe, expect, it } from "vitest";
import { formatIban, isValidBic, isValidIban, vatNote } from "~/lib/operator";

describe("IBAN check (ISO 13616, mod 97)", () => {
  it("accepts valid IBANs with or without spaces, in any case", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("de02120300000000202051")).toBe(true);
    expect(isValidIban("AT611904300234573201")).toBe(true);
    expect(isValidIban("GB29NWBK60161331926819")).toBe(true);
  });

  it("rejects a wrong check digit, a typo, a wrong length or junk", () => {
    expect(isValidIban("DE88370400440532013000")).toBe(false);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("DE89-3704-0044")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });

  it("prints groups of four", () => {
    expect(formatIban("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("checks BIC shape", () => {
    expect(isValidBic("COBADEFFXXX")).toBe(true);
    expect(isValidBic("COBADEFF")).toBe(true);
    expect(isValidBic("COBADEF")).toBe(false);
  });

  it("says what the price includes", () => {
    expect(vatNote("regular")).toBe("inkl. MwSt.");
    expect(vatNote("small-business")).toBe("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.");
  });
});
