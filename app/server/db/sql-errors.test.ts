import { describe, expect, it } from "vitest";
import { INVALID_INPUT, readSqlError, type SqlErrorAudience } from "~/server/db/sql-errors.server";

/** An error as node-postgres and PGlite throw it: a message and the SQLSTATE in `code`. */
const sqlError = (code: string, message: string) => Object.assign(new Error(message), { code });

const SOLD_OUT = sqlError("P0001", "„Tasse“ ist ausverkauft.");
const GONE = sqlError("P0002", "Das Konto wurde nicht gefunden.");
const INVALID = sqlError("22023", "Die Menge muss zwischen 1 und 99 liegen.");
const SIGN_IN = sqlError("42501", "Bitte melde dich an, um fortzufahren.");
const ADMIN_ONLY = sqlError("42501", "admin only");
const CHECK = sqlError("23514", 'new row for relation "profiles" violates check constraint "profiles_phone_check"');
const TOO_LONG = sqlError("22001", "value too long for type character varying(100)");
const UNIQUE = sqlError("23505", 'duplicate key value violates unique constraint "profiles_pkey"');
const SYNTAX = sqlError("42601", 'syntax error at or near "selec"');
const PLAIN = new Error("Connection terminated unexpectedly");

describe("readSqlError", () => {
  it("members read what our functions raise (refused, gone, invalid, sign in), with the status of each", () => {
    expect(readSqlError(SOLD_OUT, "member")).toEqual({
      code: "P0001",
      text: "„Tasse“ ist ausverkauft.",
      expected: true,
      status: 409,
    });
    expect(readSqlError(GONE, "member")).toEqual({
      code: "P0002",
      text: "Das Konto wurde nicht gefunden.",
      expected: true,
      status: 404,
    });
    expect(readSqlError(INVALID, "member")).toEqual({
      code: "22023",
      text: "Die Menge muss zwischen 1 und 99 liegen.",
      expected: true,
      status: 400,
    });
    // Shown, but logged: a signed-in member should never meet it.
    expect(readSqlError(SIGN_IN, "member")).toEqual({
      code: "42501",
      text: "Bitte melde dich an, um fortzufahren.",
      expected: false,
      status: 500,
    });
  });

  it("members read one German sentence for a check or length violation instead of PostgreSQL's English", () => {
    expect(INVALID_INPUT).toBe("Eine Eingabe ist ungültig oder zu lang.");
    expect(readSqlError(CHECK, "member")).toEqual({ code: "23514", text: INVALID_INPUT, expected: true, status: 400 });
    // A length the form should have caught: shown, and logged.
    expect(readSqlError(TOO_LONG, "member")).toEqual({
      code: "22001",
      text: INVALID_INPUT,
      expected: false,
      status: 400,
    });
  });

  it("members read nothing of other errors: the caller's fallback, logged, with the status of its class", () => {
    expect(readSqlError(UNIQUE, "member")).toEqual({ code: "23505", text: null, expected: false, status: 400 });
    expect(readSqlError(SYNTAX, "member")).toEqual({ code: "42601", text: null, expected: false, status: 500 });
    expect(readSqlError(PLAIN, "member")).toEqual({ code: undefined, text: null, expected: false, status: 500 });
  });

  it("admins read refused, gone and invalid (409), but not 42501 ('admin only') nor PostgreSQL's words (500)", () => {
    for (const error of [SOLD_OUT, GONE, INVALID]) {
      expect(readSqlError(error, "admin")).toMatchObject({ text: error.message, status: 409 });
    }
    for (const error of [ADMIN_ONLY, CHECK, TOO_LONG, UNIQUE, SYNTAX, PLAIN]) {
      expect(readSqlError(error, "admin")).toMatchObject({ text: null, expected: false, status: 500 });
    }
  });

  it("the checkout reads what a customer can fix (refused, invalid: 409); a forged order (42501) is a failure", () => {
    for (const error of [SOLD_OUT, INVALID]) {
      expect(readSqlError(error, "checkout")).toEqual({
        code: error.code,
        text: error.message,
        expected: true,
        status: 409,
      });
    }
    const forged = sqlError("42501", "Die Bestellung ist ungültig. Bitte lade die Seite neu.");
    for (const error of [forged, GONE, CHECK, TOO_LONG, UNIQUE, SYNTAX, PLAIN]) {
      expect(readSqlError(error, "checkout")).toMatchObject({ text: null, expected: false, status: 500 });
    }
  });

  it("a raised error without words, and values that are no error at all, have no sentence", () => {
    const audiences: SqlErrorAudience[] = ["member", "admin", "checkout"];
    for (const audience of audiences) {
      expect(readSqlError(sqlError("P0001", ""), audience).text).toBeNull();
      expect(readSqlError({ code: 22023, message: "x" }, audience).text).toBeNull();
      expect(readSqlError(null, audience)).toMatchObject({ code: undefined, text: null });
      expect(readSqlError("P0001", audience)).toMatchObject({ code: undefined, text: null });
    }
  });
});
