/**
 * "The database cannot be reached right now" as one error kind: PostgreSQL stopped, restarting,
 * out of connections or unreachable, or the embedded database closed for shutdown. Pages answer
 * it with 503 and the app's German error page instead of a generic 500.
 *
 * It is an Error (logs, `catch` blocks and `instanceof` work as for any failure) that also has
 * the shape of React Router's `data(…, { status: 503 })`: thrown from a loader, action or
 * middleware, React Router renders the error boundary with status 503 and `error.data`.
 */
export class DatabaseUnavailableError extends Error {
  readonly type = "DataWithResponseInit";
  readonly data = { reason: "database-unavailable" } as const;
  readonly init = { status: 503, statusText: "Service Unavailable" };

  constructor(cause: unknown) {
    super(`database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Socket-level failures of node-postgres. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** SQLSTATEs of a server that is going away or not there yet (class 08 is matched as a whole). */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres / pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "is not queryable",
  "The database is closed",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith("08")))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** Re-throws a database-unavailable failure as DatabaseUnavailableError, anything else as it is. */
export function asUnavailable(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isDatabaseUnavailable(error)
    ? new DatabaseUnavailableError(error)
    : error;
}

/**
 * For a catch that turns a failed part of a page into that part's error state: an unreachable
 * database is not such a failure, so it goes on to the 503 page (nothing on the page would work).
 */
export function rethrowIfUnavailable(error: unknown) {
  if (error instanceof DatabaseUnavailableError) throw error;
}
