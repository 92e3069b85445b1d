/**
 * One structured JSON logger for the whole server (pino): one line per event on stdout, with
 * `time` (ISO), `level` (a word) and `msg`. Callers pass facts; secrets are removed here as a
 * second line of defence: fields named like passwords, tokens, secrets, cookies, authorization or
 * sessions (at any depth), request and response cookie headers, and token-like query values.
 */
import pino, { type DestinationStream, type LevelWithSilent } from "pino";

export type LogFields = Record<string, unknown>;
export interface AppLogger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];
const SECRET_KEY = /pass|token|secret|cookie|authorization|session|api[-_]?key/i;
const SECRET_PARAM = /token|key|pass|secret/i;
const REDACTED = "[redacted]";

/** Header paths pino removes wherever a request or response object is logged. */
const HEADER_PATHS = [
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  'headers["proxy-authorization"]',
  "*.headers.cookie",
  "*.headers.authorization",
  '*.headers["set-cookie"]',
  '*.headers["proxy-authorization"]',
];

/** The level in force: LOG_LEVEL (debug, info, warn, error), or nothing with LOG_SILENT=true (tests). */
function levelFromEnv(): LevelWithSilent {
  if (process.env.LOG_SILENT === "true") return "silent";
  const wanted = process.env.LOG_LEVEL as Level | undefined;
  return wanted && LEVELS.includes(wanted) ? wanted : "info";
}

/** Replaces the values of secret-looking keys, in nested objects and arrays too (depth-bounded). */
export function redactFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || value instanceof Error || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redactFields(item, depth + 1)]),
  );
}

/**
 * A path with its query for a log line: the values of token-like parameters (`token`, anything
 * named like *token*, *key*, *pass*, *secret*) are replaced, so mailed one-time links never land
 * in a log.
 */
export function redactUrl(pathWithQuery: string): string {
  const mark = pathWithQuery.indexOf("?");
  if (mark < 0) return pathWithQuery;
  const params = new URLSearchParams(pathWithQuery.slice(mark + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, REDACTED);
  }
  const query = params.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
  return `${pathWithQuery.slice(0, mark)}${query ? `?${query}` : ""}`;
}

/** A logger writing to `destination` (default stdout, synchronously, so exit never loses a line). */
export function createLogger(destination?: DestinationStream): AppLogger {
  const base = pino(
    {
      level: levelFromEnv(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      redact: { paths: HEADER_PATHS, censor: REDACTED },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const write = (level: Level) => (msg: string, fields?: LogFields) => {
    // Read per call: tests and scripts set LOG_LEVEL / LOG_SILENT after this module loaded.
    const wanted = levelFromEnv();
    if (base.level !== wanted) base.level = wanted;
    if (!base.isLevelEnabled(level)) return;
    base[level](fields ? (redactFields(fields) as object) : {}, msg);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

export const logger = createLogger();
