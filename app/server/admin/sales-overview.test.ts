import { describe, expect, it } from "vitest";
import { lastTwelveMonths } from "~/server/admin/sales-overview.server";

describe("the sales overview's months", () => {
  it("are the 12 Berlin months ending with today's, across a year's end", () => {
    expect(lastTwelveMonths(new Date("2027-01-15T12:00:00Z"))).toEqual([
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
    ]);
  });

  it("take the month from Berlin's clock: New Year's Eve 23:30 UTC is January there", () => {
    expect(lastTwelveMonths(new Date("2026-12-31T23:30:00Z")).at(-1)).toBe("2027-01");
  });
});
