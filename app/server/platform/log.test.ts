import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "~/server/platform/log.server";

/** A JSON log line, with the fields these tests read. */
interface LogLine {
  time: string;
  level: string;
  msg: string;
  email?: string;
  headers?: Record<string, string>;
  error?: { message: string; stack: string };
  [field: string]: unknown;
}

function capture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, logger: createLogger(stream) };
}

const saved = { level: process.env.LOG_LEVEL, silent: process.env.LOG_SILENT };
afterEach(() => {
  process.env.LOG_LEVEL = saved.level;
  process.env.LOG_SILENT = saved.silent;
  if (saved.level === undefined) delete process.env.LOG_LEVEL;
  if (saved.silent === undefined) delete process.env.LOG_SILENT;
});

describe("logger", () => {
  it("writes one JSON line per event with time, level word and message", () => {
    delete process.env.LOG_SILENT;
    const { lines, logger } = capture();
    logger.info("order placed", { orderId: "o-1", total: 42 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "order placed", orderId: "o-1", total: 42 });
    expect(new Date(lines[0].time).toISOString()).toBe(lines[0].time);
  });

  it("never writes passwords, tokens, secrets, session ids or cookies, at any depth", () => {
    delete process.env.LOG_SILENT;
    const { lines, logger } = capture();
    logger.warn("sign-in failed", {
      email: "erika@example.com",
      password: "hunter2-password",
      token: "tok-123456",
      resetToken: "tok-abcdef",
      sessionId: "sess-987",
      nested: { SESSION_SECRET: "very-secret", list: [{ apiKey: "k-1" }] },
      headers: { cookie: "__session=abc", authorization: "Bearer xyz", "set-cookie": "a=b", accept: "text/html" },
    });
    const text = JSON.stringify(lines);
    for (const secret of [
      "hunter2",
      "tok-123456",
      "tok-abcdef",
      "sess-987",
      "very-secret",
      "k-1",
      "__session",
      "xyz",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0].email).toBe("erika@example.com");
    expect(lines[0].headers?.accept).toBe("text/html");
    expect(lines[0].headers?.cookie).toBe("[redacted]");
  });

  it("writes errors with their stack", () => {
    delete process.env.LOG_SILENT;
    const { lines, logger } = capture();
    logger.error("unhandled error", { error: new Error("boom") });
    expect(lines[0].error?.message).toBe("boom");
    expect(lines[0].error?.stack).toMatch(/Error: boom\n\s+at /);
  });

  it("honours LOG_LEVEL (read per call) and LOG_SILENT", () => {
    delete process.env.LOG_SILENT;
    const { lines, logger } = capture();
    process.env.LOG_LEVEL = "warn";
    logger.info("hidden");
    logger.warn("shown");
    process.env.LOG_LEVEL = "debug";
    logger.debug("also shown");
    process.env.LOG_SILENT = "true";
    logger.error("silenced");
    expect(lines.map((l) => l.msg)).toEqual(["shown", "also shown"]);
  });
});

describe("redactUrl", () => {
  it("replaces the values of token- and key-like query parameters and keeps the rest", () => {
    expect(redactUrl("/auth/reset?token=abc123")).toBe("/auth/reset?token=[redacted]");
    expect(redactUrl("/x?page=2&confirmToken=t&api_key=k&Password=p&q=gl%C3%BCck")).toBe(
      "/x?page=2&confirmToken=[redacted]&api_key=[redacted]&Password=[redacted]&q=gl%C3%BCck",
    );
    expect(redactUrl("/products")).toBe("/products");
    expect(redactUrl("/a?token=1&token=2")).toBe("/a?token=[redacted]");
  });
});
