// Hostile input, part 3: bodies no form sends, at every action of the app — wrong content types
// (JSON, XML, text, none), broken multipart, random bytes, other methods — and the body limit
// (server.mjs: 1 MiB by Content-Length; a chunked body without length is refused). Every case
// must be refused with a 4xx (never a 5xx, never a stalled connection), and no batch may change a
// row. No person can send these with the shop's forms, so the German-message rule does not apply;
// the error page they get is German anyway (checked once below).
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminForms, memberForms, publicForms, type MemberContext } from "./lib/hostile-actions";
import { multipart, urlencoded } from "./lib/hostile-bodies";
import { send, startHostileEnv, visibleMessages, type HostileEnv } from "./lib/hostile-harness";
import { counters, runHostileProperty, SEED, type HostileCase } from "./lib/hostile-property";
import { prepareMembers, printCounters } from "./lib/hostile-setup";

const MAX_BODY_BYTES = 1024 * 1024;
let env: HostileEnv;
let context: MemberContext;
const startedAt = performance.now();
const MIN_CASES = 2900;

beforeAll(async () => {
  env = await startHostileEnv();
  context = await prepareMembers(env);
});

afterAll(async () => {
  printCounters("hostile-transport", SEED, startedAt);
  await env?.stop();
});

/** Every action path with the session that may use it (fixed ids stand in for route params). */
function targets(): { path: string; cookie: string; valid: Record<string, string> }[] {
  const sample = (path: string | fc.Arbitrary<string>) =>
    typeof path === "string" ? [path] : fc.sample(path, { seed: SEED, numRuns: 6 });
  const specs = [...publicForms(context), ...memberForms(context), ...adminForms(context)];
  return specs.flatMap((spec) =>
    [...new Set(sample(spec.path))].map((path) => ({ path, cookie: spec.cookies[0]!, valid: spec.valid })),
  );
}

const BROKEN_TYPES = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/xml",
    "text/plain",
    "text/html",
    "",
    "application/octet-stream",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=x",
    "multipart/mixed; boundary=x",
    "application/x-www-form-urlencodedX",
    "image/png",
  ),
  fc
    .string({ maxLength: 40 })
    .filter(
      (t) =>
        !/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(t) &&
        !/[\r\n]/.test(t) &&
        /^[\x20-\x7e]*$/.test(t),
    ),
);

function brokenBodies(all: ReturnType<typeof targets>): fc.Arbitrary<HostileCase> {
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }),
    fc.json().map((j) => new TextEncoder().encode(j)),
    fc.constant(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb')),
  );
  return fc
    .record({
      target: fc.constantFrom(...all),
      type: BROKEN_TYPES,
      body,
      method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
    })
    .map(({ target, type, body, method }) => ({
      request: { path: target.path, body, contentType: type, cookie: target.cookie, method },
      visible: false,
      mustReject: true,
      label: `${method} ${type || "(no type)"}`,
    }));
}

/** A real form's fields in multipart framing that is broken in one of several ways. */
function brokenMultipart(all: ReturnType<typeof targets>): fc.Arbitrary<HostileCase> {
  const breakers: ((body: string) => string)[] = [
    (b) => b.slice(0, Math.floor(b.length / 2)),
    (b) => b.replace(/--\r\n$/, ""),
    (b) => b.replaceAll("\r\n", "\n"),
    (b) => b.replace("Content-Disposition: form-data; ", "Content-Disposition: "),
    (b) => `garbage before the first boundary\r\n${b.replace(/^--[^\r]*\r\n/, "")}`,
  ];
  return fc
    .record({ target: fc.constantFrom(...all), breaker: fc.constantFrom(...breakers) })
    .map(({ target, breaker }) => {
      const { body, contentType } = multipart(target.valid);
      return {
        request: { path: target.path, body: breaker(body), contentType, cookie: target.cookie },
        visible: false,
        mustReject: true,
        label: "broken multipart",
      };
    });
}

describe("hostile transport: bodies no form sends", () => {
  it("wrong content types, random bytes and other methods at every action", async () => {
    await runHostileProperty(env, {
      name: "wrong content type / random bytes",
      runs: 280,
      cases: brokenBodies(targets()),
    });
  });

  it("broken multipart bodies at every action", async () => {
    await runHostileProperty(env, { name: "broken multipart", runs: 80, cases: brokenMultipart(targets()) });
  });

  it("the refusal is a German error page", async () => {
    const answer = await send(env.base, { path: "/contact", body: '{"name":"x"}', contentType: "application/json" });
    expect(answer.status).toBe(415);
    expect(visibleMessages(answer.html).join(" ")).toMatch(/Bitte versuche es|Die Anfrage konnte nicht gelesen werden/);
  });
});

describe("list indices no form sends", () => {
  it("a field name with a list index over 999 is refused at every action, in both encodings", async () => {
    const huge = fc.constantFrom("x[99999999]", "lines[1000].quantity", "a[0].b[123456789]", "lines[0001]");
    const cases = fc
      .record({ target: fc.constantFrom(...targets()), name: huge, multi: fc.boolean(), encoded: fc.boolean() })
      .map(({ target, name, multi, encoded }): HostileCase => {
        const fields = { ...target.valid, [name]: "1" };
        const body = multi
          ? multipart(fields)
          : {
              body: encoded ? urlencoded(fields) : `${urlencoded(target.valid)}&${name}=1`,
              contentType: "application/x-www-form-urlencoded",
            };
        return {
          request: { path: target.path, body: body.body, contentType: body.contentType, cookie: target.cookie },
          visible: false,
          mustReject: true,
          label: "oversized list index",
        };
      });
    await runHostileProperty(env, { name: "oversized list index", runs: 120, cases });
    // The server is still there, and a list index a form does send passes.
    const answer = await send(env.base, {
      path: "/contact",
      body: urlencoded({ name: "Paula", email: "kein-at", message: "Hallo", "lines[199].quantity": "1" }),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
  });
});

describe("body limit (1 MiB)", () => {
  it("bodies over 1 MiB get 413 at every action, before any action runs", async () => {
    const all = targets();
    const cases = fc
      .record({ target: fc.constantFrom(...all), extra: fc.integer({ min: 1, max: MAX_BODY_BYTES }) })
      .map(({ target, extra }) => ({
        request: {
          path: target.path,
          body: `${urlencoded(target.valid)}&pad=${"a".repeat(MAX_BODY_BYTES + extra)}`,
          contentType: "application/x-www-form-urlencoded",
          cookie: target.cookie,
        },
        visible: false,
        mustReject: true,
        label: "over 1 MiB",
      }));
    await runHostileProperty(env, {
      name: "over 1 MiB",
      runs: 12,
      cases,
      check: (answer) => (answer.status === 413 ? null : `expected 413, got ${answer.status}`),
    });
  });

  it("a body of exactly 1 MiB is read (and refused by the form's own rules, not the limit)", async () => {
    const head = "name=Erika&email=erika%40example.com&message=";
    const answer = await send(env.base, {
      path: "/contact",
      body: head + "a".repeat(MAX_BODY_BYTES - head.length),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(400);
    expect(visibleMessages(answer.html)).toContain("Bitte höchstens 5000 Zeichen eingeben.");
  });

  it("a chunked body without Content-Length is refused with 411 on its headers, before any of it is read", async () => {
    // A raw socket: the server answers and closes without reading the body, so a client that
    // keeps uploading gets EPIPE; what matters is the status it answered first.
    for (const size of [10, 2 * MAX_BODY_BYTES]) {
      const answer = await chunkedPost("/contact", `name=${"a".repeat(size)}`);
      expect(answer).toMatch(/^HTTP\/1\.1 411 /);
      expect(answer).toContain("Längenangabe");
      counters.cases++;
    }
  });

  it(`sent at least ${MIN_CASES} cases, and the server is still up`, async () => {
    expect(counters.cases).toBeGreaterThanOrEqual(MIN_CASES);
    expect((await fetch(`${env.base}/healthz`)).status).toBe(200);
  });
});

/**
 * Sends a POST with Transfer-Encoding: chunked and returns what the server answered. A small
 * body goes out whole with the headers; of a large one only the headers go out (the server must
 * answer them without waiting for the upload).
 */
function chunkedPost(path: string, body: string): Promise<string> {
  const { port, host } = new URL(env.base);
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${env.base}\r\n` +
    "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n";
  const bytes = Buffer.from(body);
  const whole = bytes.length < 1024 ? `${bytes.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : "";
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    let failure: Error | undefined;
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("error", (error) => (failure = error));
    socket.on("close", () => (answer ? resolve(answer) : reject(failure ?? new Error("closed without an answer"))));
    socket.on("connect", () => socket.write(head + whole));
  });
}
