// The Express app as `npm run dev` and `npm start` build it (createApp with mode development and
// production), in front of a stand-in React Router build whose one resource route answers with
// what the app handed it (client IP, request id) and counts the actions that ran.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { RequestHandler } from "express";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestMetaContext } from "~/server/http/context.server";
import { createLogger } from "~/server/platform/log.server";
import { rawRequest, standInBuild, type Answer } from "./test-support";
import { createApp, type AppMode } from "./express-app";
import { BAD_REQUEST_MESSAGE, CROSS_SITE_MESSAGE, MAX_BODY_BYTES, METHOD_NOT_ALLOWED_MESSAGE } from "./guards";

let actions = 0;
const probe = {
  loader: ({ context }: { context: RouterContextProvider }) => Response.json(context.get(requestMetaContext)),
  action: () => {
    actions++;
    return Response.json({ ok: true });
  },
};

const build = standInBuild(probe);

/** Stands in for Vite's middleware: answers its own paths, passes everything else on. */
const fakeVite: RequestHandler = (req, res, next) =>
  req.path === "/@vite/client" ? void res.type("text/javascript").send("// vite") : next();

const logLines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

const servers = new Map<string, { base: string; close: () => void }>();

async function serve(key: string, mode: AppMode, trustProxy?: string, clientDir?: string) {
  const app = createApp({
    mode,
    build,
    devMiddleware: fakeVite,
    trustProxy,
    clientDir,
    logger: createLogger(capture),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.set(key, {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  });
}

/** A request with exactly the headers given (no client adds Origin or Sec-Fetch-* of its own). */
function send(
  key: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return rawRequest(new URL(path, servers.get(key)!.base), method, headers, body);
}

const post = (key: string, headers: Record<string, string>, body = "x=1") =>
  send(key, "/probe", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });

const SECURITY_HEADERS = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "strict-transport-security",
];
const securityOf = (answer: Answer) => Object.fromEntries(SECURITY_HEADERS.map((h) => [h, answer.headers[h]]));

beforeAll(async () => {
  await serve("development", "development");
  await serve("production", "production");
  await serve("no-proxy", "production", "false");
});
afterAll(() => servers.forEach((server) => server.close()));

describe("dev and production build the same Express app", () => {
  it("send the same security headers, on routes and on what Vite serves in development", async () => {
    const dev = await send("development", "/probe");
    const prod = await send("production", "/probe");
    expect(dev.status, dev.body).toBe(200);
    expect(prod.status).toBe(200);
    expect(securityOf(prod)["x-frame-options"]).toBe("DENY");
    expect(securityOf(prod)["x-content-type-options"]).toBe("nosniff");
    expect(securityOf(dev)).toEqual(securityOf(prod));
    const viteAsset = await send("development", "/@vite/client");
    expect(viteAsset.body).toBe("// vite");
    expect(securityOf(viteAsset)).toEqual(securityOf(prod));
  });

  it("enforce the same body bound: 413 over 1 MiB, 411 without a length, before any action runs", async () => {
    for (const mode of ["development", "production"]) {
      const before = actions;
      const big = await post(mode, { Origin: servers.get(mode)!.base }, "a".repeat(MAX_BODY_BYTES + 1));
      expect(big.status, mode).toBe(413);
      expect(big.body).toBe("Die Anfrage ist zu groß.");
      const chunked = await send(mode, "/probe", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
        body: "x=1",
      });
      expect(chunked.status, mode).toBe(411);
      expect(actions).toBe(before);
      expect((await post(mode, {}, "a".repeat(100))).status, mode).toBe(200);
    }
  });

  it("answer an oversized upload after receiving it (no reset while the client still sends); a huge one at once", async () => {
    for (const mode of ["development", "production"]) {
      const before = actions;
      // Several times over: a server that closed while the client was still sending fails some of these.
      // The client sends half the upload and pauses: nothing may come back (and nothing be
      // closed) before the rest is sent, then the answer is the 413.
      const { port } = new URL(servers.get(mode)!.base);
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("utf8")));
      const closed = new Promise((resolve) => socket.once("close", resolve));
      const half = "a".repeat(MAX_BODY_BYTES);
      socket.write(
        `POST /probe HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${servers.get(mode)!.base}\r\nConnection: close\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * half.length}\r\n\r\n${half}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received, mode).toBe("");
      socket.end(half);
      await closed;
      expect(received, mode).toMatch(/^HTTP\/1\.1 413 /);
      expect(received, mode).toContain("Die Anfrage ist zu groß.");
      const huge = await send(mode, "/probe", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(64 * MAX_BODY_BYTES) },
      }).catch(() => null);
      // Only the headers went out: the answer comes without waiting for 64 MiB.
      expect(huge?.status, mode).toBe(413);
      expect(huge?.headers.connection, mode).toBe("close");
      expect(actions).toBe(before);
    }
  });

  it("see the same client IP: the forwarding proxy's client when the proxy is trusted (default loopback)", async () => {
    for (const mode of ["development", "production"]) {
      const answer = await send(mode, "/probe", { headers: { "X-Forwarded-For": "203.0.113.7" } });
      expect(JSON.parse(answer.body).ip, mode).toBe("203.0.113.7");
    }
    const untrusted = await send("no-proxy", "/probe", { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(JSON.parse(untrusted.body).ip).toBe("127.0.0.1");
  });
});

describe("cross-site writes are refused before any route runs", () => {
  const refused: [string, Record<string, string>][] = [
    ["a foreign Origin", { Origin: "http://evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["Origin: null from another site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["a sibling subdomain", { Origin: "http://evil.example", "Sec-Fetch-Site": "same-site" }],
    ["another port of the same host", { Origin: "http://127.0.0.1:1" }],
  ];
  it.each(refused)("%s gets 403 with a German message, in dev and production", async (_label, headers) => {
    for (const mode of ["development", "production"]) {
      const before = actions;
      const answer = await post(mode, headers);
      expect(answer.status, mode).toBe(403);
      expect(answer.body).toBe(CROSS_SITE_MESSAGE);
      expect(actions).toBe(before);
    }
  });

  it("own forms pass: same Origin, Sec-Fetch-Site same-origin (even with Origin: null), none, or no browser headers", async () => {
    const own = servers.get("production")!.base;
    const allowed: Record<string, string>[] = [
      { Origin: own },
      { Origin: "null", "Sec-Fetch-Site": "same-origin" },
      { Origin: own, "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      {},
    ];
    for (const headers of allowed) {
      const before = actions;
      expect((await post("production", headers)).status, JSON.stringify(headers)).toBe(200);
      expect(actions).toBe(before + 1);
    }
  });

  it("the request's own origin honours the trusted proxy's protocol and host", async () => {
    const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example" };
    expect((await post("production", { ...forwarded, Origin: "https://shop.example" })).status).toBe(200);
    expect((await post("production", { ...forwarded, Origin: "http://shop.example" })).status).toBe(403);
  });

  it("reads are never refused", async () => {
    expect((await send("production", "/probe", { headers: { Origin: "http://evil.example" } })).status).toBe(200);
  });
});

describe("request log", () => {
  it("one line per request: request id (also sent as X-Request-Id), method, redacted path, status, duration", async () => {
    const before = logLines.length;
    const answer = await send("production", "/probe?token=s3cret&apiKey=k3y&resetToken=abc&page=2");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = logLines.slice(before).filter((line) => line.msg === "request");
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: "info",
      requestId: answer.headers["x-request-id"],
      method: "GET",
      path: "/probe?token=[redacted]&apiKey=[redacted]&resetToken=[redacted]&page=2",
      status: 200,
    });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(logLines.slice(before))).not.toMatch(/s3cret|k3y/);
    expect(JSON.parse(answer.body).requestId).toBe(answer.headers["x-request-id"]);
  });

  it("keeps a plain incoming X-Request-Id and replaces anything else", async () => {
    const kept = await send("production", "/probe", { headers: { "X-Request-Id": "lb-4711.a:b_c" } });
    expect(kept.headers["x-request-id"]).toBe("lb-4711.a:b_c");
    for (const hostile of ["<script>", "a b", "x".repeat(129), "id\u00e4"]) {
      const answer = await send("production", "/probe", { headers: { "X-Request-Id": encodeURI(hostile) } });
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

/** The raw bytes of a request no HTTP client library would send; resolves with the whole answer. */
function sendRaw(key: string, text: string): Promise<string> {
  const { port } = new URL(servers.get(key)!.base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests no browser of the shop sends are refused before routing, logged as requests, not errors", () => {
  it("other methods (OPTIONS, PUT, DELETE, TRACE, PROPFIND) get 405 with Allow, in both modes", async () => {
    const before = logLines.length;
    const actionsBefore = actions;
    for (const mode of ["production", "development"]) {
      for (const method of ["OPTIONS", "PUT", "DELETE", "TRACE", "PROPFIND"]) {
        const answer = await send(mode, "/probe", { method });
        expect(answer.status, `${mode} ${method}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
        expect(answer.body).toBe(METHOD_NOT_ALLOWED_MESSAGE);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = logLines.slice(before);
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(lines.filter((line) => line.msg === "request" && line.status === 405)).toHaveLength(10);
    expect(actions).toBe(actionsBefore);
  });

  it("a target in absolute form and HTTP/1.0 without Host get 400, never a 500", async () => {
    const before = logLines.length;
    const absolute = await sendRaw(
      "production",
      "GET http://evil.example/probe HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    expect(absolute).toContain(BAD_REQUEST_MESSAGE);
    const noHost = await sendRaw("production", "GET /probe HTTP/1.0\r\n\r\n");
    expect(noHost).toMatch(/^HTTP\/1\.1 400 /);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logLines.slice(before).filter((line) => line.level !== "info")).toEqual([]);
    // The same requests with their proper form reach the route.
    expect((await sendRaw("production", "GET /probe HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")).split("\r\n")[0]).toBe(
      "HTTP/1.1 200 OK",
    );
  });
});

describe("hashed files", () => {
  const clientDir = mkdtempSync(join(tmpdir(), "client-"));
  const script = "console.log('built');";
  beforeAll(async () => {
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets", "entry-Old1.js"), script);
    writeFileSync(join(clientDir, "assets", "entry-Old1.js.br"), brotliCompressSync(script));
    await serve("with-files", "production", undefined, clientDir);
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it("go out as stored compressed; one gone since the start (a page of an earlier build) is a plain 404", async () => {
    const headers = { "Accept-Encoding": "br, gzip" };
    const stored = await send("with-files", "/assets/entry-Old1.js", { headers });
    expect(stored.status).toBe(200);
    expect(stored.headers["content-encoding"]).toBe("br");
    // A new build replaced it while the server ran: the index built at start still names its variant.
    rmSync(join(clientDir, "assets", "entry-Old1.js"));
    rmSync(join(clientDir, "assets", "entry-Old1.js.br"));
    for (const path of ["/assets/entry-Old1.js", "/assets/never-There1.js"]) {
      const gone = await send("with-files", path, { headers });
      expect(gone.status, path).toBe(404);
      expect(gone.headers["content-encoding"], path).toBeUndefined();
      expect(gone.headers["content-type"], path).toBe("text/plain; charset=utf-8");
      expect(gone.body, path).toBe("Nicht gefunden.");
    }
  });
});
