import { describe, expect, it } from "vitest";
import { berlinDaysBetween } from "~/lib/berlin-time";

describe("berlinDaysBetween", () => {
  it("counts calendar days in Berlin, not 24-hour spans", () => {
    // 08:00 today to 10:00 tomorrow (Berlin) is 26 hours, and "morgen": 1.
    expect(berlinDaysBetween(new Date("2027-03-09T07:00:00Z"), new Date("2027-03-10T09:00:00Z"))).toBe(1);
    // 23:30 to 00:30 the next night (Berlin) is an hour, and still the next day.
    expect(berlinDaysBetween(new Date("2027-03-09T22:30:00Z"), new Date("2027-03-09T23:30:00Z"))).toBe(1);
    expect(berlinDaysBetween(new Date("2027-03-09T07:00:00Z"), new Date("2027-03-09T20:00:00Z"))).toBe(0);
    // Across the change to summer time (28.03.2027) the days stay whole.
    expect(berlinDaysBetween(new Date("2027-03-20T11:00:00Z"), new Date("2027-04-19T10:00:00Z"))).toBe(30);
  });
});
