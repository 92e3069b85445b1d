import { describe, expect, it } from "vitest";
import { iso, num } from "~/server/db/values.server";

describe("num", () => {
  it("reads numeric (number), bigint (string on pg, number on PGlite) and absent values", () => {
    expect(num(12.5)).toBe(12.5);
    expect(num("42")).toBe(42);
    expect(num(null)).toBeNull();
    expect(num(undefined)).toBeNull();
    expect(num("not a number")).toBeNull();
  });
});

describe("iso", () => {
  it("turns a timestamp into an ISO string and keeps null", () => {
    expect(iso(new Date(Date.UTC(2026, 10, 24, 1, 2, 3)))).toBe("2026-11-24T01:02:03.000Z");
    expect(iso("2026-11-24 02:02:03+01")).toBe("2026-11-24T01:02:03.000Z");
    expect(iso(null)).toBeNull();
  });
});
