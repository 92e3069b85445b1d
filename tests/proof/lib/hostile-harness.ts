// Shared machinery of the hostile-input proofs: a production server on a throwaway PostgreSQL 15
// (so the test can read every table while the server runs), a poster that sends raw bodies over
// keep-alive connections, how a response is judged (rejected? German message?), and table
// snapshots that prove a rejected request changed no row.
import pg from "pg";
import { startThrowawayPostgres } from "../../../scripts/lib/throwaway-postgres.mjs";
import { startAppServer, type AppServer } from "../../../scripts/lib/app-server.mjs";

export interface HostileEnv {
  app: AppServer;
  base: string;
  db: pg.Client;
  stop: () => Promise<void>;
}

export async function startHostileEnv(env: Record<string, string> = {}): Promise<HostileEnv> {
  const postgres = await startThrowawayPostgres({ maxConnections: 60 });
  let app: AppServer | undefined;
  const db = new pg.Client({ connectionString: postgres.url });
  try {
    app = await startAppServer({
      env: { DATABASE_URL: postgres.url, ARGON2_FAST: "true", LOG_LEVEL: "error", ...env },
      stdio: "pipe",
      timeoutMs: 120_000,
    });
    await db.connect();
  } catch (error) {
    await app?.stop("SIGKILL");
    await postgres.stop();
    throw error;
  }
  const started = app;
  return {
    app: started,
    base: started.base,
    db,
    stop: async () => {
      await db.end().catch(() => undefined);
      await started.stop();
      await postgres.stop();
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Snapshots
// ------------------------------------------------------------------------------------------------

/**
 * Tables left out of the "no row changed" comparison, each with its reason:
 * - public.rate_limits: the limiter must count every attempt, rejected ones included (that is the
 *   point of a limit on failed sign-ins); its counters change on purpose.
 * - public.catalog_version: a cache-invalidation counter that a statement-level trigger bumps on
 *   every write statement to events/courses/products, also one that matched no row (an admin's
 *   rejected delete of a nonexistent id). It holds no data; a needless bump costs one reload.
 */
export const SNAPSHOT_EXCLUDED = ["public.rate_limits", "public.catalog_version"];

let tableList: string[] | undefined;

/** Row count and md5 of all rows as text, for every table of every application schema. */
export async function snapshot(db: pg.Client): Promise<Record<string, string>> {
  if (!tableList) {
    const { rows } = await db.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    );
    tableList = rows.map((r) => r.name).filter((name) => !SNAPSHOT_EXCLUDED.includes(name));
  }
  const query = tableList
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`,
    )
    .join(" union all ");
  const { rows } = await db.query<{ name: string; digest: string }>(query);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

// ------------------------------------------------------------------------------------------------
// Posting
// ------------------------------------------------------------------------------------------------

export interface RawRequest {
  path: string;
  body: string | Uint8Array;
  contentType?: string;
  cookie?: string;
  method?: string;
}

export interface Answer {
  status: number;
  location: string | null;
  html: string;
  contentType: string;
  setCookies: string[];
}

/** Node's fetch keeps connections alive by default; redirects are judged, not followed. */
export async function send(base: string, request: RawRequest): Promise<Answer> {
  const headers: Record<string, string> = { Origin: base };
  if (request.contentType !== undefined) headers["Content-Type"] = request.contentType;
  if (request.cookie) headers.Cookie = request.cookie;
  const response = await fetch(`${base}${request.path}`, {
    method: request.method ?? "POST",
    headers,
    body: typeof request.body === "string" ? request.body : Buffer.from(request.body),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: text,
    contentType,
    setCookies: response.headers.getSetCookie(),
  };
}

// ------------------------------------------------------------------------------------------------
// Judging answers
// ------------------------------------------------------------------------------------------------

/** The flash toast a response sets (remix-toast's signed cookie session), decoded. */
export function toastOf(answer: Answer): { type: string; message: string; description?: string } | null {
  const raw = answer.setCookies.find((c) => c.startsWith("toast="));
  if (!raw) return null;
  const value = decodeURIComponent(raw.slice("toast=".length).split(";")[0]!);
  const payload = value.slice(0, value.lastIndexOf("."));
  if (!payload) return null;
  try {
    const session = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<string, unknown>;
    const found = findToast(session);
    return found;
  } catch {
    return null;
  }
}

function findToast(value: unknown): { type: string; message: string; description?: string } | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  if (typeof record.message === "string" && typeof record.type === "string") {
    return { type: record.type, message: record.message, description: record.description as string | undefined };
  }
  for (const inner of Object.values(record)) {
    const found = findToast(inner);
    if (found) return found;
  }
  return null;
}

/**
 * A rejected request: an error status, an error toast, or a guard that sends the visitor to the
 * sign-in page without a toast (a sign-up also ends on /auth, with a success toast). Everything else counts as accepted (the snapshot is taken anew after it).
 */
export function isRejected(answer: Answer) {
  if (answer.status >= 400) return true;
  const toast = toastOf(answer);
  if (toast) return toast.type === "error";
  return answer.status >= 300 && answer.status < 400 && (answer.location ?? "").startsWith("/auth");
}

const VOID_TAGS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * The messages a person sees on a rejected form, read from the server HTML: the text of every
 * element with role="alert" (form notices, the server-rendered toaster) and of every error list
 * whose id ends in "-error" (conform's field errors), plus the error page's sentence.
 */
export function visibleMessages(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/gi, "").replace(/<style[\s\S]*?<\/style>/gi, "");
  const messages: string[] = [];
  const stack: { tag: string; capture: number | null }[] = [];
  let capturing: { depth: number; text: string } | null = null;
  const token = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|([^<]+)/g;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    const [, closing, tagName, attrs, text] = match;
    if (text !== undefined) {
      if (capturing) capturing.text += ` ${text}`;
      continue;
    }
    const tag = tagName!.toLowerCase();
    if (closing) {
      const index = stack.map((s) => s.tag).lastIndexOf(tag);
      if (index === -1) continue;
      stack.length = index;
      if (capturing && stack.length <= capturing.depth) {
        const message = decodeEntities(capturing.text).replace(/\s+/g, " ").trim();
        if (message) messages.push(message);
        capturing = null;
      }
      continue;
    }
    if (VOID_TAGS.has(tag) || attrs!.trimEnd().endsWith("/")) continue;
    const isMessage = /\brole="alert"/.test(attrs!) || /\bid="[^"]*-error"/.test(attrs!);
    if (isMessage && !capturing) capturing = { depth: stack.length, text: "" };
    stack.push({ tag, capture: null });
  }
  const errorPage = /Oops! Etwas ist schiefgelaufen<\/h1>\s*<p[^>]*>([^<]*)</.exec(body);
  if (errorPage) messages.push(decodeEntities(errorPage[1]!).trim());
  return messages;
}

function decodeEntities(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * English sentences the specification prescribes word for word (so they are correct although not
 * German): the join form's field rules (spec §5), the dashboard's error prefixes and the
 * registration limit (spec §8 Dashboard), and the admin permission message (spec §8 Admin).
 */
export const SPEC_ENGLISH = [
  "First name must be at least 2 characters.",
  "Last name must be at least 2 characters.",
  "Please enter a valid email address.",
  "Error submitting registration: ",
  "Error updating profile: ",
  "Error creating profile: ",
  "Maximum number of registrations reached for this order",
  "You don't have permission to access the admin area.",
  // spec §7 Auth forms and §8 Authentication
  "You must provide either an email or phone number and a password",
  "Authentication failed",
  "Registration failed",
  "Error signing out: ",
  "Unexpected error during sign out",
];

const GERMAN =
  /[äöüßÄÖÜ]|\b(bitte|nicht|kein\w*|ungültig\w*|gültige?n?|fehler\w*|zu viele|höchstens|mindestens|gib|wähle|dein\w*|wurde|konnte|ist|sind|eine?n?|der|die|das|zu)\b/i;
const ENGLISH = /\b(please|must|invalid|required|expected|received|error|failed|the|not found|too)\b/i;

/** German, or one of the spec's English sentences; never a library's English default. */
export function readsGerman(message: string) {
  if (SPEC_ENGLISH.some((sentence) => message.startsWith(sentence))) return true;
  return GERMAN.test(message) && !ENGLISH.test(message);
}

/**
 * The German-message rule for a rejected request that a person could have made with the visible
 * form: the message is in the error toast (redirects and script-enhanced answers) or in the
 * returned page (alerts and field errors), at least one is present, and every one reads German.
 */
export function germanProblems(answer: Answer): string | null {
  const toast = toastOf(answer);
  const messages = toast ? [toast.message, ...(toast.description ? [toast.description] : [])] : [];
  if (answer.contentType.includes("text/html")) messages.push(...visibleMessages(answer.html));
  if (messages.length === 0) return `no visible message (status ${answer.status}, location ${answer.location})`;
  const foreign = messages.filter((m) => !readsGerman(m));
  return foreign.length > 0 ? `not German: ${JSON.stringify(foreign)}` : null;
}

/** Runs at most `limit` promises at a time, in order of the input. */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
