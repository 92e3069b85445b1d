/**
 * A failed SQL statement → the sentence its reader may see. Our SQL functions refuse in German
 * (`raise exception '…' using errcode = …` in supabase/migrations), and that sentence is shown as
 * it is; a check or length violation gets one fixed sentence; anything else (a fault, or English
 * from PostgreSQL itself) is no sentence: the caller shows its own "try again later" and logs it.
 *
 * Which SQLSTATEs carry a readable sentence depends on who called which functions (the audience):
 * the admin functions say "admin only" in English under 42501, and place_order answers a forged
 * order with 42501, which the checkout shows like any failure.
 */

/** SQLSTATEs our functions raise with a sentence for the reader. */
const RAISED = {
  /** raise_exception: a rule refused (sold out, limit reached, plan already held). */
  refused: "P0001",
  /** no_data_found: the row is gone (account, order line). */
  notFound: "P0002",
  /** invalid_parameter_value: the input breaks a rule of the function. */
  invalid: "22023",
  /** insufficient_privilege: our member functions ask to sign in ("Bitte melde dich an …"). */
  signIn: "42501",
} as const;

/** check_violation and string_data_right_truncation: PostgreSQL's own (English) words, replaced. */
const CONSTRAINTS = ["23514", "22001"];
export const INVALID_INPUT = "Eine Eingabe ist ungültig oder zu lang.";

export type SqlErrorAudience = "member" | "admin" | "checkout";

const AUDIENCES: Record<SqlErrorAudience, { raised: readonly string[]; constraints: boolean }> = {
  /** A member's own data (dashboard: profile, orders, event registration). */
  member: { raised: [RAISED.refused, RAISED.notFound, RAISED.invalid, RAISED.signIn], constraints: true },
  /** An admin's change (admin_set_membership). */
  admin: { raised: [RAISED.refused, RAISED.notFound, RAISED.invalid], constraints: false },
  /** place_order: what a customer can fix (sold out, gone, bad quantity, plan held). */
  checkout: { raised: [RAISED.refused, RAISED.invalid], constraints: false },
};

/** Refusals that are the function's answer, not a fault: no error log for them. */
const EXPECTED = [RAISED.refused, RAISED.notFound, RAISED.invalid, "23514"];

export interface SqlErrorReading {
  /** The SQLSTATE (or another error code), when the error has one. */
  code: string | undefined;
  /** What the reader may see, or null: the caller's own fallback applies, and the error is logged. */
  text: string | null;
  /** A refusal the function meant (a rule, a gone row, a check), not a fault worth an error log. */
  expected: boolean;
  /**
   * The HTTP status of the answer: for members 409 when a rule refused, 404 when a row is gone, 400
   * for invalid data (SQLSTATE classes 2x), 500 otherwise; for admins and the checkout 409 when
   * there is a sentence to show, 500 otherwise.
   */
  status: 400 | 404 | 409 | 500;
}

export function readSqlError(error: unknown, audience: SqlErrorAudience): SqlErrorReading {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const sqlState = typeof code === "string" ? code : undefined;
  const { raised, constraints } = AUDIENCES[audience];
  const text =
    sqlState && constraints && CONSTRAINTS.includes(sqlState)
      ? INVALID_INPUT
      : sqlState && raised.includes(sqlState) && typeof message === "string" && message
        ? message
        : null;
  const expected = text !== null && EXPECTED.includes(sqlState!);
  return { code: sqlState, text, expected, status: statusOf(audience, sqlState, text) };
}

function statusOf(audience: SqlErrorAudience, code: string | undefined, text: string | null) {
  if (audience !== "member") return text === null ? 500 : 409;
  if (code === RAISED.refused) return 409;
  if (code === RAISED.notFound) return 404;
  return code?.startsWith("2") ? 400 : 500;
}
