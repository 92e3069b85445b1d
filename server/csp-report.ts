// Where browsers report what the Content-Security-Policy refused (app/server/http/security.server.ts
// names this path in `report-uri`). Each violation becomes one `warn` line for the
// operator: an injected script, a browser extension, or a script of the shop's own that lost its
// nonce or hash. docs/decisions/0021-csp-violation-reports.md.
//
// Express, not a React Router route: it reads JSON bodies no form sends, and must answer without
// a session, a cookie or the app's own origin check (browsers send some reports with `Origin:
// null`; server/guards.ts lets this one path through).
import type { Request, RequestHandler, Response } from "express";
import { rateLimitClientKey } from "~/server/http/client-address.server";
import { hitRateLimit, rateLimitMessage } from "~/server/http/rate-limit.server";
import { CSP_REPORT_PATH } from "~/server/http/security.server";
import { env } from "~/server/platform/env.server";
import { logger, type AppLogger } from "~/server/platform/log.server";

export { CSP_REPORT_PATH };
/** E2E_TEST_HOOKS only: the reports kept in memory, read by the end-to-end suite when it ends. */
export const E2E_CSP_REPORTS_PATH = "/__e2e/csp-reports";
/** A report is well under 2 KB; the Reporting API batches a few into one body. */
export const MAX_REPORT_BYTES = 8 * 1024;
/**
 * report-uri (`application/csp-report`) and the Reporting API (`application/reports+json`): the
 * shop's CSP uses the first today; the second is read too, so `report-to` can be added any time.
 */
const REPORT_TYPES = new Set(["application/csp-report", "application/reports+json"]);
const KEPT_REPORTS = 200;
const TEXT = "text/plain; charset=utf-8";

/** One violation as the log line and the test hook show it: no query strings, bounded text. */
export interface CspViolation {
  documentUrl: string;
  effectiveDirective: string;
  violatedDirective: string | null;
  blockedUri: string;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  disposition: string;
  sample: string;
  /** Which mechanism sent it: `report-uri` or the Reporting API (`report-to`). */
  via: "report-uri" | "report-to";
}

export interface CspReportOptions {
  log?: AppLogger;
  /** Counts one report from an IP; default: the `cspReportPerIp` tier (shared by all instances). */
  limit?: (ip: string) => Promise<{ allowed: boolean; retryAfter: number }>;
  /** Keep the last reports for GET /__e2e/csp-reports; default: E2E_TEST_HOOKS=true. */
  keep?: boolean;
}

export function cspReports(options: CspReportOptions = {}): RequestHandler {
  const log = options.log ?? logger;
  const limit = options.limit ?? ((ip: string) => hitRateLimit("cspReportPerIp", rateLimitClientKey(ip)));
  const keep = options.keep ?? env().E2E_TEST_HOOKS === "true";
  const kept: CspViolation[] = [];

  return (req, res, next) => {
    if (req.path === E2E_CSP_REPORTS_PATH && keep && req.method === "GET") {
      return void res.set("Cache-Control", "no-store").json({ reports: kept });
    }
    if (req.path !== CSP_REPORT_PATH) return next();
    // Reports only arrive by POST; nothing here may change on a GET.
    if (req.method !== "POST") return void res.status(405).set("Allow", "POST").type(TEXT).send("");
    receive(req, res).then((violations) => {
      if (!violations) return;
      for (const violation of violations) {
        log.warn("csp violation", { requestId: res.locals.requestId, ...violation });
        if (keep) kept.push(violation);
      }
      kept.splice(0, Math.max(0, kept.length - KEPT_REPORTS));
      res.status(204).end();
    }, next);
  };

  /** The report's violations, or null when the request was answered with an error already. */
  async function receive(req: Request, res: Response): Promise<CspViolation[] | null> {
    const refuse = (status: number, message: string) => (res.status(status).type(TEXT).send(message), null);
    const type = (req.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (!REPORT_TYPES.has(type)) return refuse(415, "Erwartet wird ein CSP-Bericht.");
    if (Number(req.get("content-length") ?? 0) > MAX_REPORT_BYTES) return refuse(413, "Die Anfrage ist zu groß.");
    const { allowed, retryAfter } = await limit(req.ip ?? "unknown");
    if (!allowed) {
      res.set("Retry-After", String(retryAfter));
      return refuse(429, rateLimitMessage(retryAfter));
    }
    const body = await readBody(req);
    if (body === null) return refuse(413, "Die Anfrage ist zu groß.");
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return refuse(400, "Die Anfrage ist ungültig.");
    }
    const violations = type === "application/csp-report" ? fromReportUri(parsed) : fromReportingApi(parsed);
    return violations ?? refuse(400, "Die Anfrage ist ungültig.");
  }
}

/** The body as text; null above MAX_REPORT_BYTES (server/guards.ts already refused a body without length). */
function readBody(req: Request): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REPORT_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null;

/** `{"csp-report": {"document-uri": …}}`, as `report-uri` sends it. */
export function fromReportUri(body: unknown): CspViolation[] | null {
  const report = isObject(body) ? body["csp-report"] : undefined;
  if (!isObject(report)) return null;
  const violated = text(report["violated-directive"]);
  return [
    violation(
      {
        documentUrl: report["document-uri"],
        effectiveDirective: report["effective-directive"] ?? violated,
        violatedDirective: violated,
        blockedUri: report["blocked-uri"],
        sourceFile: report["source-file"],
        line: report["line-number"],
        column: report["column-number"],
        disposition: report.disposition,
        sample: report["script-sample"],
      },
      "report-uri",
    ),
  ];
}

/** `[{"type": "csp-violation", "body": {"documentURL": …}}, …]`, as the Reporting API sends it. */
export function fromReportingApi(body: unknown): CspViolation[] | null {
  if (!Array.isArray(body)) return null;
  const violations: CspViolation[] = [];
  for (const report of body) {
    if (!isObject(report) || !isObject(report.body)) return null;
    // Other report types (deprecation, intervention) are not sent here: the shop names this
    // endpoint in its CSP only.
    if (report.type !== "csp-violation") continue;
    const b = report.body;
    violations.push(
      violation(
        {
          documentUrl: b.documentURL ?? report.url,
          effectiveDirective: b.effectiveDirective,
          violatedDirective: null,
          blockedUri: b.blockedURL,
          sourceFile: b.sourceFile,
          line: b.lineNumber,
          column: b.columnNumber,
          disposition: b.disposition,
          sample: b.sample,
        },
        "report-to",
      ),
    );
  }
  return violations;
}

function violation(raw: Record<keyof Omit<CspViolation, "via">, unknown>, via: CspViolation["via"]): CspViolation {
  const sourceFile = text(raw.sourceFile);
  return {
    documentUrl: withoutQuery(text(raw.documentUrl) ?? ""),
    effectiveDirective: text(raw.effectiveDirective) ?? "",
    violatedDirective: text(raw.violatedDirective),
    blockedUri: withoutQuery(text(raw.blockedUri) ?? ""),
    sourceFile: sourceFile === null ? null : withoutQuery(sourceFile),
    line: whole(raw.line),
    column: whole(raw.column),
    disposition: text(raw.disposition) ?? "",
    sample: text(raw.sample) ?? "",
    via,
  };
}

/** A string field, bounded (the browser fills these, so can anyone); null when absent. */
function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value.slice(0, 200) : null;
}

function whole(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * A URL without its query and fragment: they can hold one-time tokens (mailed links) or personal
 * data. `inline`, `eval` and other keywords stay; `data:` and `blob:` keep only their scheme (their
 * content is the payload), `about:srcdoc` stays as it is.
 */
export function withoutQuery(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.split(/[?#]/, 1)[0]!;
  }
  if (url.protocol === "http:" || url.protocol === "https:") return `${url.origin}${url.pathname}`;
  if (url.protocol === "data:" || url.protocol === "blob:") return url.protocol;
  return `${url.protocol}${url.pathname}`;
}
