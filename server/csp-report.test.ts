// POST /csp-report as browsers send it, through the whole Express app (guards included): both
// report formats, what the operator's log line holds and leaves out, the bounds (size, rate, body
// that is no JSON), and that this one path, and no other, takes reports from any origin.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/platform/log.server";
import { MAX_REPORT_BYTES, withoutQuery } from "./csp-report";
import { rawRequest, standInBuild, type Answer } from "./test-support";
import { createApp } from "./express-app";
import { CROSS_SITE_MESSAGE } from "./guards";

let actions = 0;
const build = standInBuild({ loader: () => Response.json({}), action: () => (actions++, Response.json({})) });

const logLines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});
const violationLines = () => logLines.filter((line) => line.msg === "csp violation");

/** Allows `allowance` reports per IP, as the cspReportPerIp tier does (its counters live in PostgreSQL). */
let allowance = 1000;
const counted = new Map<string, number>();
const limit = async (ip: string) => {
  counted.set(ip, (counted.get(ip) ?? 0) + 1);
  return { allowed: counted.get(ip)! <= allowance, retryAfter: 42 };
};

const bases: Record<"keeping" | "plain", string> = { keeping: "", plain: "" };
const servers: http.Server[] = [];

beforeAll(async () => {
  for (const [key, keep] of [
    ["keeping", true],
    ["plain", false],
  ] as const) {
    const app = createApp({ mode: "production", build, logger: createLogger(capture), cspReports: { limit, keep } });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    bases[key] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => servers.forEach((server) => server.close()));
beforeEach(() => {
  logLines.length = 0;
  counted.clear();
  allowance = 1000;
});

function send(
  path: string,
  {
    method = "POST",
    headers = {},
    body,
    base = bases.keeping,
  }: Partial<Record<"method" | "body" | "base", string>> & {
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const length: Record<string, string> =
    body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  return rawRequest(new URL(path, base), method, { ...length, ...headers }, body);
}

/** What Chromium sends for `report-uri` (copied from a real report, token added to the page's URL). */
const REPORT_URI_BODY = JSON.stringify({
  "csp-report": {
    "document-uri": "https://shop.example/newsletter/confirm?token=secret-one-time-token",
    referrer: "https://mail.example/inbox?user=erika",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "script-src 'self' 'nonce-abc'; report-uri /csp-report",
    disposition: "enforce",
    "blocked-uri": "https://evil.example/x.js?session=abc",
    "line-number": 12,
    "column-number": 97,
    "source-file": "https://shop.example/assets/entry.js?v=1",
    "status-code": 200,
    "script-sample": "",
  },
});

/** What the Reporting API sends (`report-to`): a batch, here with a report of another type. */
const REPORTING_API_BODY = JSON.stringify([
  {
    type: "csp-violation",
    age: 10,
    url: "https://shop.example/products?q=tee",
    user_agent: "Mozilla/5.0",
    body: {
      documentURL: "https://shop.example/products?q=tee",
      blockedURL: "inline",
      effectiveDirective: "script-src-elem",
      originalPolicy: "script-src 'self'; report-to csp",
      sourceFile: null,
      sample: "alert(1)",
      disposition: "enforce",
      statusCode: 200,
      lineNumber: 1,
      columnNumber: 241,
    },
  },
  { type: "deprecation", age: 1, url: "https://shop.example/", body: { id: "x", message: "y" } },
]);

const asReport = (body: string, headers: Record<string, string> = {}) =>
  send("/csp-report", {
    headers: { "Content-Type": "application/csp-report", Cookie: "__Host-session=s3cr3t", ...headers },
    body,
  });

describe("POST /csp-report", () => {
  it("logs a report-uri report at warn with what the operator needs, no query strings, cookies or IP", async () => {
    const answer = await asReport(REPORT_URI_BODY);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe("");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const [line, ...more] = violationLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: "warn",
      documentUrl: "https://shop.example/newsletter/confirm",
      effectiveDirective: "script-src-elem",
      violatedDirective: "script-src-elem",
      blockedUri: "https://evil.example/x.js",
      sourceFile: "https://shop.example/assets/entry.js",
      line: 12,
      column: 97,
      disposition: "enforce",
      via: "report-uri",
    });
    expect(line!.requestId).toEqual(expect.any(String));
    const text = JSON.stringify(line);
    for (const leak of ["secret-one-time-token", "s3cr3t", "127.0.0.1", "session=abc", "erika", "original"]) {
      expect(text).not.toContain(leak);
    }
  });

  it("logs each csp-violation of a Reporting API batch and skips other report types", async () => {
    const answer = await send("/csp-report", {
      headers: { "Content-Type": "application/reports+json" },
      body: REPORTING_API_BODY,
    });
    expect(answer.status).toBe(204);
    expect(violationLines()).toEqual([
      expect.objectContaining({
        documentUrl: "https://shop.example/products",
        effectiveDirective: "script-src-elem",
        blockedUri: "inline",
        sourceFile: null,
        line: 1,
        column: 241,
        sample: "alert(1)",
        disposition: "enforce",
        via: "report-to",
      }),
    ]);
  });

  it("answers a body that is no report with 400, never a 500, and logs nothing", async () => {
    for (const [type, body] of [
      ["application/csp-report", "{not json"],
      ["application/csp-report", '{"something": "else"}'],
      ["application/reports+json", "["],
      ["application/reports+json", '{"type": "csp-violation"}'],
      ["application/reports+json", "[1]"],
    ] as const) {
      const answer = await send("/csp-report", { headers: { "Content-Type": type }, body });
      expect(answer.status, body).toBe(400);
    }
    expect(violationLines()).toEqual([]);
  });

  it("answers a body over 8 KB with 413 and another content type with 415", async () => {
    const padded = JSON.stringify({
      "csp-report": { "document-uri": "https://shop.example/", x: "a".repeat(MAX_REPORT_BYTES) },
    });
    expect((await asReport(padded)).status).toBe(413);
    const form = await send("/csp-report", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(form.status).toBe(415);
    // Just under the bound is still read.
    const fits = JSON.stringify({ "csp-report": { "document-uri": "https://shop.example/", x: "a".repeat(7000) } });
    expect((await asReport(fits)).status).toBe(204);
  });

  it("answers 429 with Retry-After once an IP is over its allowance", async () => {
    allowance = 2;
    expect((await asReport(REPORT_URI_BODY)).status).toBe(204);
    expect((await asReport(REPORT_URI_BODY)).status).toBe(204);
    const third = await asReport(REPORT_URI_BODY);
    expect(third.status).toBe(429);
    expect(third.headers["retry-after"]).toBe("42");
    expect(third.body).toMatch(/^Zu viele Versuche\./);
    expect(violationLines()).toHaveLength(2);
  });

  it("takes reports from any origin, and only on this path", async () => {
    const foreign = { Origin: "null", "Sec-Fetch-Site": "cross-site" };
    expect((await asReport(REPORT_URI_BODY, foreign)).status).toBe(204);
    expect((await asReport(REPORT_URI_BODY, { Origin: "https://evil.example" })).status).toBe(204);
    const before = actions;
    for (const path of ["/probe", "/csp-report/x", "/csp-reports"]) {
      const refused = await send(path, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...foreign },
        body: "x=1",
      });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toBe(CROSS_SITE_MESSAGE);
    }
    expect(actions).toBe(before);
  });

  it("changes nothing on GET: 405 with Allow: POST", async () => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await send("/csp-report", { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe("POST");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(violationLines()).toEqual([]);
  });
});

describe("GET /__e2e/csp-reports", () => {
  it("lists the reports received, with E2E_TEST_HOOKS only", async () => {
    await asReport(REPORT_URI_BODY);
    const kept = await send("/__e2e/csp-reports", { method: "GET" });
    expect(kept.status).toBe(200);
    expect(kept.headers["cache-control"]).toBe("no-store");
    const { reports } = JSON.parse(kept.body) as { reports: { documentUrl: string }[] };
    expect(reports.at(-1)?.documentUrl).toBe("https://shop.example/newsletter/confirm");
    // Without the hooks the path is the app's like any other (the stand-in build renders "document";
    // the shop answers its 404 page).
    const plain = await send("/__e2e/csp-reports", { method: "GET", base: bases.plain });
    expect(plain.body).toBe("document");
  });
});

describe("withoutQuery", () => {
  it("keeps what tells the operator where, drops what may be personal", () => {
    expect(withoutQuery("https://shop.example/a/b?token=x#f")).toBe("https://shop.example/a/b");
    expect(withoutQuery("inline")).toBe("inline");
    expect(withoutQuery("eval")).toBe("eval");
    expect(withoutQuery("data:image/png;base64,AAAA")).toBe("data:");
    expect(withoutQuery("about:srcdoc")).toBe("about:srcdoc");
    expect(withoutQuery("/relative?x=1")).toBe("/relative");
  });
});
