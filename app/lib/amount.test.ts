import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseGermanAmount } from "~/lib/amount";
import { paymentReceivedSchema } from "~/lib/schemas/payments";

describe("parseGermanAmount", () => {
  it("reads German amounts with and without thousands separators", () => {
    expect(parseGermanAmount("1.000,00")).toBe(1000);
    expect(parseGermanAmount("1.000")).toBe(1000);
    expect(parseGermanAmount("1000,00")).toBe(1000);
    expect(parseGermanAmount("1000")).toBe(1000);
    expect(parseGermanAmount(" 12.345,6 ")).toBe(12345.6);
    expect(parseGermanAmount("1.000.000,99")).toBe(1000000.99);
    expect(parseGermanAmount("64,60")).toBe(64.6);
    expect(parseGermanAmount("129.00")).toBe(129);
    expect(parseGermanAmount("0,1")).toBe(0.1);
  });

  it("refuses letters, signs and input that reads two ways", () => {
    for (const input of [
      "abc",
      "-5",
      "",
      "1,000",
      "1.000.00",
      "1,000.00",
      "1.0000",
      "1.00,00",
      "12.34.567",
      "1,2,3",
      ",50",
      "1e3",
      "10 €",
    ]) {
      expect(parseGermanAmount(input), input).toBeNull();
    }
  });
});

describe("paymentReceivedSchema amount", () => {
  const submit = (amount: string) => {
    const data = new FormData();
    data.append("intent", "payment");
    data.append("id", "6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f");
    data.append("amount", amount);
    data.append("bookedOn", "2026-11-29");
    return parseWithZod(data, { schema: paymentReceivedSchema });
  };

  it("takes 1.000,00 as a thousand euros", () => {
    for (const input of ["1.000,00", "1.000", "1000,00", "1000"]) {
      const result = submit(input);
      expect(result.status, input).toBe("success");
      if (result.status === "success") expect(result.value.amount).toBe(1000);
    }
  });

  it("says how to write an amount it cannot read", () => {
    for (const input of ["abc", "-5", "1,000"]) {
      expect(submit(input).reply().error?.amount, input).toEqual(["Bitte gib einen Betrag wie 129,00 ein."]);
    }
  });
});
