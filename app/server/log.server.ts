/** One JSON line per event. Callers pass facts, never passwords, tokens or cookies. */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEYS = /pass|token|secret|cookie|authorization/i;

function threshold(): number {
  return order[(process.env.LOG_LEVEL as Level) ?? "info"] ?? order.info;
}

function redact(fields: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SECRET_KEYS.test(k) ? "[redacted]" : v]));
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold() || process.env.LOG_SILENT === "true") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...redact(fields) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
