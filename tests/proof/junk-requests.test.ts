// Requests no browser of the shop sends, against the production build: other methods (OPTIONS,
// PUT, TRACE, PROPFIND …), a target in absolute form, HTTP/1.0 without Host and a path with a
// broken percent-escape. Each gets a 4xx before routing (server/guards.ts) and one info log line,
// never a 500 or an error with a stack; the cached page after them is still served.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freshDataDir } from "./support/data-dir";

let server: AppServer;
let dataDir: Awaited<ReturnType<typeof freshDataDir>>;

beforeAll(async () => {
  dataDir = await freshDataDir("junk-requests");
  server = await startAppServer({
    env: { DATA_DIR: dataDir.dir, LOG_LEVEL: "info", E2E_TEST_HOOKS: "true" },
    stdio: "pipe",
    timeoutMs: 120_000,
  });
});

afterAll(async () => {
  await server?.stop();
  await dataDir?.remove();
});

/** Writes the request's bytes as they are and reads the answer until the server closes. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const statusOf = (answer: string) => Number(answer.split(" ", 2)[1]);
const host = () => `Host: 127.0.0.1:${server.port}`;

describe("junk requests are refused before routing and are no errors", () => {
  it("each gets its 4xx and the log has only info lines for them", async () => {
    // A cached page exists, so the fast lane sees these requests too; its log line is out before counting.
    await fetch(`${server.base}/products`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logBefore = server.output().length;
    const cases: [string, number][] = [
      ...["OPTIONS", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND", "MKCOL"].map((method): [string, number] => [
        `${method} /products HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
        405,
      ]),
      [`GET http://127.0.0.1:${server.port}/products HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`, 400],
      ["GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400],
      ["GET /products HTTP/1.0\r\n\r\n", 400],
      ["POST /auth HTTP/1.0\r\nContent-Length: 0\r\n\r\n", 400],
      // Broken percent-escapes in the path, which the router could not decode.
      ...["GET /%E0%A4%A", "GET /events/%ff", "HEAD /%ff", "GET /vertrag-widerrufen/eingang/%c0%af?x=1"].map(
        (line): [string, number] => [`${line} HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`, 400],
      ),
      [
        `POST /cart%ff HTTP/1.1\r\n${host()}\r\nOrigin: ${server.base}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        400,
      ],
    ];
    for (const [request, status] of cases) {
      const answer = await raw(request);
      expect(statusOf(answer), request.split("\r\n")[0]).toBe(status);
      if (status === 405) expect(answer).toMatch(/\r\nallow: GET, HEAD, POST\r\n/i);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server
      .output()
      .slice(logBefore)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; status?: number });
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(lines.filter((line) => line.msg === "request").map((line) => line.status)).toEqual(cases.map(([, s]) => s));
    expect((await fetch(`${server.base}/products`)).status).toBe(200);
  });

  it("a POST no page sends (to a page without a form, or an admin POST without its fields) is an info line", async () => {
    const origin = { Origin: server.base };
    const session = await fetch(`${server.base}/__e2e/session`, {
      method: "POST",
      headers: { ...origin, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "junk-admin@example.com", password: "Sicheres-Passwort-2026", admin: true }),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logBefore = server.output().length;
    const post = (path: string) =>
      fetch(`${server.base}${path}`, {
        method: "POST",
        headers: { ...origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
    const answers: Record<string, number> = {};
    for (const path of [
      "/products",
      "/admin",
      "/admin/export",
      "/admin/orders",
      "/admin/jobs",
      "/admin/mails",
      "/admin/events",
      "/admin/contacts",
    ])
      answers[path] = (await post(path)).status;
    expect(answers).toEqual({
      "/products": 405,
      "/admin": 405,
      "/admin/export": 405,
      // Admin actions answer with their page and an error toast.
      "/admin/orders": 302,
      "/admin/jobs": 302,
      "/admin/mails": 302,
      "/admin/events": 302,
      "/admin/contacts": 302,
    });
    // The log is written after the answers: wait for their 8 request lines, then read everything.
    const linesAfter = () =>
      server
        .output()
        .slice(logBefore)
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: string; msg: string });
    await expect.poll(() => linesAfter().filter((line) => line.msg === "request").length).toBe(8);
    expect(linesAfter().filter((line) => line.level !== "info")).toEqual([]);
  });
});
