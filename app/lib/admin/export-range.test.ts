import { describe, expect, it } from "vitest";
import { EXPORT_RANGE_ERRORS, fiscalYearStart, parseDay, readExportRange } from "~/lib/admin/export-range";

const read = (query: string, today = "2026-11-26", fiscalStartMonth = 1) =>
  readExportRange(new URLSearchParams(query), today, fiscalStartMonth);

describe("export period", () => {
  it("defaults to the shop's current month", () => {
    expect(read("")).toEqual({
      ok: true,
      from: "2026-11-01",
      to: "2026-11-30",
      query: "monat=2026-11",
      label: "November 2026",
      month: "2026-11",
      shortLabel: "November 2026",
    });
  });

  it("reads a month, with its last day (leap years included)", () => {
    expect(read("monat=2028-02")).toMatchObject({
      ok: true,
      from: "2028-02-01",
      to: "2028-02-29",
      label: "Februar 2028",
    });
    expect(read("monat=2026-12")).toMatchObject({ to: "2026-12-31" });
  });

  it("reads a date range", () => {
    expect(read("von=2026-03-05&bis=2026-04-20")).toEqual({
      ok: true,
      from: "2026-03-05",
      to: "2026-04-20",
      query: "von=2026-03-05&bis=2026-04-20",
      label: "05.03.2026 – 20.04.2026",
      shortLabel: "05.03.-20.04.2026",
    });
  });

  it("refuses malformed input with a German message, keeping the current month for the form", () => {
    expect(read("monat=2026-13")).toEqual({ ok: false, error: EXPORT_RANGE_ERRORS.month, month: "2026-11" });
    expect(read("monat=Mai")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.month });
    expect(read("von=2026-02-30&bis=2026-03-01")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.date });
    expect(read("von=2026-02-01")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.date });
    expect(read("von=01.02.2026&bis=2026-03-01")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.date });
  });

  it("refuses a range whose start lies after its end", () => {
    expect(read("von=2026-05-02&bis=2026-05-01")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.order });
  });

  it("keeps a range inside one fiscal year, so never more than a year", () => {
    expect(read("von=2025-12-01&bis=2026-01-31")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.fiscalYear });
    expect(read("von=2025-01-01&bis=2026-12-31")).toMatchObject({ ok: false, error: EXPORT_RANGE_ERRORS.fiscalYear });
    // A fiscal year from July: December to January is one year, June to July two.
    expect(read("von=2025-12-01&bis=2026-01-31", "2026-11-26", 7)).toMatchObject({ ok: true });
    expect(read("von=2026-06-01&bis=2026-07-31", "2026-11-26", 7)).toMatchObject({ ok: false });
  });

  it("knows calendar days and fiscal year starts", () => {
    expect(parseDay("2026-02-28")).toBe("2026-02-28");
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("")).toBeNull();
    expect(fiscalYearStart("2026-03-15", 1)).toBe("2026-01-01");
    expect(fiscalYearStart("2026-03-15", 7)).toBe("2025-07-01");
    expect(fiscalYearStart("2026-07-01", 7)).toBe("2026-07-01");
  });
});
