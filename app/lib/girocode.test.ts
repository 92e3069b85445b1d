import { describe, expect, it } from "vitest";
import { epcPayload } from "~/lib/girocode";

describe("EPC QR payload (GiroCode, EPC069-12 v002)", () => {
  it("writes the eleven lines banking apps read", () => {
    const payload = epcPayload({
      bic: "COBADEFFXXX",
      name: "BeHappy GmbH",
      iban: "DE89 3704 0044 0532 0130 00",
      amount: 123.4,
      reference: "3F2A9C1B",
    });
    expect(payload.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "BeHappy GmbH",
      "DE89370400440532013000",
      "EUR123.40",
      "",
      "",
      "3F2A9C1B",
    ]);
  });

  it("keeps the amount exact to the cent (no binary rounding)", () => {
    const amountLine = (amount: number) =>
      epcPayload({ bic: "GENODEF1M04", name: "X", iban: "DE02120300000000202051", amount, reference: "R" }).split(
        "\n",
      )[7];
    expect(amountLine(0.1 + 0.2)).toBe("EUR0.30");
    expect(amountLine(19.9)).toBe("EUR19.90");
    expect(amountLine(1234567.89)).toBe("EUR1234567.89");
    expect(amountLine(0.01)).toBe("EUR0.01");
  });

  it("clips name (70) and remittance text (140) and keeps line breaks out", () => {
    const payload = epcPayload({
      bic: "cobadeffxxx",
      name: "N".repeat(80),
      iban: "de89370400440532013000",
      amount: 5,
      reference: `Zeile 1\nZeile 2 ${"x".repeat(200)}`,
    }).split("\n");
    expect(payload).toHaveLength(11);
    expect(payload[4]).toBe("COBADEFFXXX");
    expect(payload[5]).toHaveLength(70);
    expect(payload[6]).toBe("DE89370400440532013000");
    expect(payload[10]).toHaveLength(140);
    expect(payload[10].startsWith("Zeile 1 Zeile 2")).toBe(true);
  });

  it("refuses an amount a transfer cannot carry", () => {
    const base = { bic: "COBADEFFXXX", name: "X", iban: "DE89370400440532013000", reference: "R" };
    expect(() => epcPayload({ ...base, amount: 0 })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, amount: -5 })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, amount: Number.NaN })).toThrow(RangeError);
  });
});
