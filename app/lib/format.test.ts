import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countOf,
  formatCommunityPrice,
  formatDate,
  formatDateTime,
  formatPrice,
  orderNumber,
  shortId,
} from "~/lib/format";

const NBSP = "\u00a0";

describe("formatPrice", () => {
  it("formats EUR in de-DE with two decimals and a non-breaking space", () => {
    expect(formatPrice(12)).toBe(`12,00${NBSP}€`);
    expect(formatPrice(0)).toBe(`0,00${NBSP}€`);
    expect(formatPrice(9.5)).toBe(`9,50${NBSP}€`);
    expect(formatPrice(1234.567)).toBe(`1.234,57${NBSP}€`);
  });
  it("accepts numeric strings as PostgreSQL returns them", () => {
    expect(formatPrice("49.90")).toBe(`49,90${NBSP}€`);
  });
  it("says 'Kein Preis' when there is no price", () => {
    expect(formatPrice(null)).toBe("Kein Preis");
    expect(formatPrice(undefined)).toBe("Kein Preis");
    expect(formatPrice(Number.NaN)).toBe("Kein Preis");
    expect(formatPrice("")).toBe("Kein Preis");
  });
});

describe("formatPrice is written by hand (no Intl in the browser) and matches Intl's de-DE euro format", () => {
  const intl = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
  it("for every amount a shop shows: cents up to 10 million euros, negative ones too", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(formatPrice(cents / 100)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 20_000 },
    );
  });
  it("for sums and products of prices, as carts and orders compute them in floating point", () => {
    const price = fc.integer({ min: 0, max: 99_999_999 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(fc.array(fc.tuple(price, fc.integer({ min: 1, max: 99 })), { maxLength: 20 }), (lines) => {
        const total = lines.reduce((sum, [unit, quantity]) => sum + unit * quantity, 0);
        expect(formatPrice(total)).toBe(intl.format(total));
      }),
      { numRuns: 20_000 },
    );
    for (const amount of [0.1 + 0.2, 19.9 * 3, -0, -0.001, 99999999.99, 1234567.891, 4.35])
      expect(formatPrice(amount), String(amount)).toBe(intl.format(amount));
  });
});

describe("formatCommunityPrice", () => {
  it("shows exactly 0 as 'Inklusive'", () => {
    expect(formatCommunityPrice(0)).toBe("Inklusive");
    expect(formatCommunityPrice("0.00")).toBe("Inklusive");
  });
  it("formats other values like formatPrice", () => {
    expect(formatCommunityPrice(0.01)).toBe(`0,01${NBSP}€`);
    expect(formatCommunityPrice(19)).toBe(`19,00${NBSP}€`);
    expect(formatCommunityPrice(null)).toBe("Kein Preis");
  });
});

describe("formatDate", () => {
  it("formats plain dates as dd.mm.yyyy without a time-zone shift", () => {
    expect(formatDate("2026-11-23")).toBe("23.11.2026");
    expect(formatDate("2026-01-01")).toBe("01.01.2026");
  });
  it("formats timestamps in the shop's time zone", () => {
    expect(formatDate("2026-11-23T10:00:00Z")).toBe("23.11.2026");
    expect(formatDate("2026-11-23T23:30:00Z")).toBe("24.11.2026");
    expect(formatDate("2026-11-23 10:00:00+00")).toBe("23.11.2026");
  });
  it("returns the raw value when it cannot be parsed", () => {
    expect(formatDate("demnächst")).toBe("demnächst");
    expect(formatDate("2026-02-30")).toBe("2026-02-30");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).not.toContain("Invalid");
  });
});

describe("formatDateTime", () => {
  it("formats timestamps as 'dd.mm.yyyy, hh:mm'", () => {
    expect(formatDateTime("2026-11-23T13:05:00Z")).toBe("23.11.2026, 14:05");
    expect(formatDateTime("2026-07-01T12:00:00+02:00")).toBe("01.07.2026, 12:00");
    expect(formatDateTime("2026-11-23 13:05:00.123+00")).toBe("23.11.2026, 14:05");
  });
  it("falls back to the date or the raw value", () => {
    expect(formatDateTime("2026-11-23")).toBe("23.11.2026");
    expect(formatDateTime("kaputt")).toBe("kaputt");
  });
});

describe("shortId", () => {
  it("keeps the first 8 characters plus an ellipsis", () => {
    expect(shortId("3f2a9c7e-1234-4abc-9def-000000000000")).toBe("3f2a9c7e…");
  });
  it("handles empty ids", () => {
    expect(shortId("")).toBe("");
  });
});

describe("dates typed into the admin forms", () => {
  it("shows ISO dates as dd.mm.yyyy, also inside free text, and leaves German text alone", () => {
    expect(formatDate("2027-09-12")).toBe("12.09.2027");
    expect(formatDate("ab 2027-09-12")).toBe("ab 12.09.2027");
    expect(formatDate("2027-09-12 – 2027-09-13")).toBe("12.09.2027 – 13.09.2027");
    expect(formatDate("ab 01.04.2027")).toBe("ab 01.04.2027");
    expect(formatDate("12. September")).toBe("12. September");
    expect(formatDate("2027-02-30 oder später")).toBe("2027-02-30 oder später");
  });
});

describe("orderNumber", () => {
  it("is the id's first 8 characters, lower case, the same for typed and stored forms", () => {
    expect(orderNumber("3F2A9C7E-1234-4abc-9def-000000000000")).toBe("3f2a9c7e");
    expect(orderNumber("#3F2A9C7E")).toBe("3f2a9c7e");
    expect(shortId("3f2a9c7e-1234-4abc-9def-000000000000")).toBe("3f2a9c7e…");
  });
});

describe("countOf", () => {
  it("uses the singular for exactly one, the plural otherwise (0 too)", () => {
    expect(countOf(1, "Bestellung", "Bestellungen")).toBe("1 Bestellung");
    expect(countOf(0, "Bestellung", "Bestellungen")).toBe("0 Bestellungen");
    expect(countOf(12, "Widerruf", "Widerrufe")).toBe("12 Widerrufe");
  });
});
