import { describe, expect, it } from "vitest";
import { asUnavailable, DatabaseUnavailableError, isDatabaseUnavailable } from "~/server/db/unavailable.server";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database unavailable", () => {
  it("recognises a server that is down, restarting or unreachable", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves every other failure as it is (constraint, RLS, customer-fixable order errors)", () => {
    for (const error of [withCode("23505"), withCode("42501"), withCode("P0001", "ausverkauft"), new Error("boom")]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(asUnavailable(error)).toBe(error);
    }
  });

  it("is an Error React Router answers as data with status 503", () => {
    const error = asUnavailable(withCode("ECONNREFUSED"));
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 503 },
      data: { reason: "database-unavailable" },
    });
    expect(asUnavailable(error)).toBe(error);
  });
});
