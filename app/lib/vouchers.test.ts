import { describe, expect, it } from "vitest";
import { voucherSchema } from "~/lib/schemas/voucher";
import { allocateCents, discountCents, normaliseVoucherCode } from "~/lib/vouchers";

describe("voucher maths", () => {
  it("rounds a percentage half up to the cent and caps a fixed amount at what it discounts", () => {
    expect(discountCents("percent", 15, 2499)).toBe(375); // 3.7485 → 3.75
    expect(discountCents("percent", 10, 1995)).toBe(200); // 1.995 → 2.00
    expect(discountCents("percent", 12.5, 1001)).toBe(125); // 1.25125 → 1.25
    expect(discountCents("percent", 100, 4321)).toBe(4321);
    expect(discountCents("fixed", 5, 4000)).toBe(500);
    expect(discountCents("fixed", 500, 2500)).toBe(2500);
    expect(discountCents("fixed", 5, 0)).toBe(0);
  });

  it("spreads a discount in whole cents that sum to it, largest remainder first, never above a line", () => {
    expect(allocateCents(1000, [1000, 1000, 1000])).toEqual([334, 333, 333]);
    expect(allocateCents(375, [1999, 500])).toEqual([300, 75]);
    expect(allocateCents(100, [1, 1, 500])).toEqual([0, 0, 100]);
    expect(allocateCents(500, [0, 1000])).toEqual([0, 500]);
    expect(allocateCents(0, [100, 200])).toEqual([0, 0]);
    for (let run = 0; run < 200; run++) {
      const amounts = Array.from({ length: 1 + (run % 7) }, (_, i) => ((run * 7919 + i * 104729) % 9999) + 1);
      const total = amounts.reduce((a, b) => a + b, 0);
      const discount = (run * 31337) % (total + 1);
      const shares = allocateCents(discount, amounts);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(amounts[i]));
    }
  });

  it("treats codes case-insensitively", () => {
    expect(normaliseVoucherCode("  sommer-10 ")).toBe("SOMMER-10");
  });
});

describe("the admin's voucher form", () => {
  const base = { code: "sommer10", kind: "percent", amount: "10" };
  const errorsOf = (input: Record<string, unknown>) => {
    const result = voucherSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accepts a code with its limits, stored upper case", () => {
    const result = voucherSchema.parse({
      ...base,
      minOrder: "25,50",
      validFrom: "2026-12-01",
      validUntil: "2026-12-31",
      maxUses: "100",
      maxUsesPerCustomer: "1",
      itemKinds: ["product", "event"],
      membersOnly: "on",
    });
    expect(result).toMatchObject({ code: "SOMMER10", amount: 10, minOrder: 25.5, maxUses: 100, membersOnly: true });
    expect(voucherSchema.parse({ ...base, itemKinds: "course" }).itemKinds).toEqual(["course"]);
    const plain = voucherSchema.parse(base);
    expect([plain.itemKinds, plain.maxUses, plain.membersOnly]).toEqual([undefined, undefined, false]);
  });

  it("refuses percent over 100, an end before its start, negative amounts, in German", () => {
    expect(errorsOf({ ...base, amount: "120" })).toEqual({
      amount: "Ein Rabatt in Prozent kann höchstens 100 % sein.",
    });
    expect(errorsOf({ ...base, validFrom: "2026-12-10", validUntil: "2026-12-01" })).toEqual({
      validUntil: "Das Ende liegt vor dem Beginn.",
    });
    expect(errorsOf({ ...base, kind: "fixed", amount: "-5" })).toEqual({
      amount: "Der Rabatt darf nicht negativ sein.",
    });
    expect(errorsOf({ ...base, minOrder: "-1" })).toEqual({
      minOrder: "Der Mindestbestellwert darf nicht negativ sein.",
    });
    expect(errorsOf({ ...base, code: "a b" })).toEqual({
      code: "Der Code hat 3 bis 32 Zeichen: Buchstaben, Ziffern, - oder _.",
    });
    expect(errorsOf({ ...base, maxUses: "0" })).toEqual({
      maxUses: "Einlösungen insgesamt: bitte eine ganze Zahl ab 1 eingeben.",
    });
  });

  it("reads amounts as an admin types them, and refuses what it cannot read instead of saving 0", () => {
    expect(voucherSchema.parse({ ...base, minOrder: "50 €" }).minOrder).toBe(50);
    expect(voucherSchema.parse({ ...base, minOrder: "1.000,00" }).minOrder).toBe(1000);
    expect(voucherSchema.parse({ ...base, kind: "fixed", amount: "5 €" }).amount).toBe(5);
    expect(voucherSchema.parse({ ...base, amount: "10 %" }).amount).toBe(10);
    expect(errorsOf({ ...base, minOrder: "ab 50" })).toEqual({ minOrder: "Bitte gib einen Betrag ein, z. B. 50,00." });
    expect(errorsOf({ ...base, kind: "fixed", amount: "fünf" })).toEqual({
      amount: "Bitte gib einen Betrag ein, z. B. 50,00.",
    });
    expect(errorsOf({ ...base, amount: "" })).toEqual({ amount: "Bitte gib den Rabatt ein." });
  });
});
