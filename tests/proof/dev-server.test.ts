// `npm run dev` (server.mjs --dev: the TypeScript through Vite's middleware mode) and the built
// server (`node server.mjs`) are one Express app: the same security headers, the same body bound,
// the same cross-site check, and the same client IP (behind the default trusted loopback proxy),
// so rate limits count per visitor in development too. Both are started with NODE_ENV=development;
// the built server runs as production whatever NODE_ENV says (server.mjs), so it adds HSTS and its
// CSP lacks development's allowances for Vite (eval, the HMR socket) — the only differences.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_HEADERS, formBody, startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";

const MAX_BODY_BYTES = 1024 * 1024;
const SECURITY_HEADERS = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "strict-transport-security",
];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "proof-dev-server-"));
const servers: Record<"dev" | "built", AppServer> = {} as never;

beforeAll(async () => {
  const env = (name: string) => ({
    NODE_ENV: "development",
    DATA_DIR: path.join(dataDir, name),
    RATE_LIMIT_MULTIPLIER: "1",
    ARGON2_FAST: "true",
  });
  servers.built = await startAppServer({ env: env("built"), stdio: "pipe", timeoutMs: 120_000 });
  servers.dev = await startAppServer({ env: env("dev"), args: ["--dev"], stdio: "pipe", timeoutMs: 170_000 });
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

const both = ["dev", "built"] as const;

function contact(server: AppServer, ip: string) {
  return fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Origin: server.base, "X-Forwarded-For": ip },
    body: formBody({ name: "Erika", email: "erika@example.com", message: "Hallo aus der Entwicklung" }),
    redirect: "manual",
  });
}

/** A POST whose body has no length (Transfer-Encoding: chunked), as a raw request. */
function chunkedPost(server: AppServer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.base}/contact`,
      { method: "POST", headers: { ...FORM_HEADERS, "Transfer-Encoding": "chunked" } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    request.on("error", reject);
    request.end("name=Erika");
  });
}

describe("npm run dev and the built server", () => {
  it("send the same security headers and the same CSP on a page", async () => {
    const pages = await Promise.all(both.map((key) => fetch(`${servers[key].base}/about`)));
    const [dev, built] = pages.map((page) => ({
      status: page.status,
      security: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, page.headers.get(name)])),
      csp: page.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, "'nonce-…'"),
      requestId: page.headers.get("x-request-id"),
    }));
    await Promise.all(pages.map((page) => page.text()));
    expect(dev.status).toBe(200);
    expect(built.status).toBe(200);
    expect(built.security["x-frame-options"]).toBe("DENY");
    expect(built.security["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(dev.security["strict-transport-security"]).toBeNull();
    const withoutHsts = (headers: Record<string, string | null>) => ({ ...headers, "strict-transport-security": null });
    expect(dev.security).toEqual(withoutHsts(built.security));
    expect(dev.csp).toContain("frame-ancestors 'none'");
    expect(built.csp).not.toMatch(/unsafe-eval|ws:/);
    expect(dev.csp?.replace(" 'unsafe-eval'", "").replace(" ws: http://localhost:*", "")).toBe(built.csp);
    expect(dev.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("enforce the same body bound (413, 411) and the same cross-site check (403)", async () => {
    for (const key of both) {
      const server = servers[key];
      const big = await fetch(`${server.base}/contact`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Origin: server.base },
        body: `message=${"a".repeat(MAX_BODY_BYTES)}`,
      });
      expect(big.status, key).toBe(413);
      await big.text();
      expect(await chunkedPost(server), key).toBe(411);
      const foreign = await fetch(`${server.base}/contact`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Origin: "http://evil.example" },
        body: formBody({ name: "x" }),
      });
      expect(foreign.status, key).toBe(403);
      await foreign.text();
    }
  });

  it("see the same client IP: one visitor's rate limit does not block another", async () => {
    for (const key of both) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await contact(servers[key], "203.0.113.10");
        statuses.push(answer.status);
        await answer.text();
      }
      // Five messages per 10 minutes (each sent: 302), the sixth is limited.
      expect(statuses, key).toEqual([302, 302, 302, 302, 302, 429]);
      const other = await contact(servers[key], "203.0.113.11");
      expect(other.status, key).toBe(302);
      await other.text();
    }
  });
});
