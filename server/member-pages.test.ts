// A member's stored page as parts around the stand-in and the nonce: each answer must read exactly
// as the render would have for that member, whatever characters surround the places.
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { memberCopies, memberTemplate, personalise } from "./member-pages";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const STAND_IN = "mitglied-0a1b2c3d@beispiel.invalid";
const NONCE = "ab+c/d=e";
const view = { key: "free", email: "jörg.o+shop@example.com", userId: "user-1" };

describe("member page template", () => {
  it("puts the member's address and a fresh nonce in every place, bytes around them untouched", () => {
    const body =
      `${STAND_IN}<p>Grüße 🌱 ${STAND_IN}</p><script nonce="${NONCE}">x()</script>` +
      `<script nonce="${NONCE}">{"email":"${STAND_IN}"}</script>${"·".repeat(600)}${STAND_IN}`;
    const template = memberTemplate(body, STAND_IN, NONCE);
    expect(template.slots).toEqual(["email", "email", "nonce", "nonce", "email", "email"]);
    expect(template.bytes).toBe(Buffer.byteLength(body.replaceAll(STAND_IN, "").replaceAll(NONCE, "")));

    const headers = {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `script-src 'nonce-${NONCE}'`,
    };
    const answer = personalise(headers, template, view);
    const fresh = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
    expect(fresh).not.toBe(NONCE);
    expect(answer.body.toString()).toBe(body.replaceAll(STAND_IN, view.email).replaceAll(NONCE, fresh));
    expect(answer.headers["content-length"]).toBe(answer.body.length);

    // With br: one compressed body that reads the same.
    const br = personalise(headers, template, view, "gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    const nonce = /'nonce-([^']+)'/.exec(String(br.headers["content-security-policy"]))![1]!;
    expect(brotliDecompressSync(br.body).toString()).toBe(
      body.replaceAll(STAND_IN, view.email).replaceAll(NONCE, nonce),
    );
  });

  it("keeps a page without any place whole", () => {
    const template = memberTemplate("<p>nichts</p>", STAND_IN, NONCE);
    expect(template.parts.map(String)).toEqual(["<p>nichts</p>"]);
    expect(personalise({}, template, view).body.toString()).toBe("<p>nichts</p>");
  });
});

describe("members' copies", () => {
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'self'; script-src 'self' 'nonce-${NONCE}'`,
  };
  const body = `<p>${STAND_IN}</p><script nonce="${NONCE}">{"email":"${STAND_IN}"}</script>${"·".repeat(2000)}`;
  const bert = { key: "free", email: "bert@example.com", userId: "user-2" };

  it("gives each member their own bytes, hashes instead of a nonce, and compresses each encoding once", () => {
    const copies = memberCopies(1024 * 1024);
    const template = memberTemplate(body, STAND_IN, NONCE);
    const own = `<p>${view.email}</p><script>{"email":"${view.email}"}</script>${"·".repeat(2000)}`;
    const first = copies.answer(headers, template, view);
    expect(first.body.toString()).toBe(own);
    expect(first.headers["content-security-policy"]).toBe(
      `default-src 'self'; script-src 'self' ${sha256(`{"email":"${view.email}"}`)}`,
    );
    // Asked again: the very same bytes; with br, one compression kept for the next time.
    expect(copies.answer(headers, template, view).body).toBe(first.body);
    const br = copies.answer(headers, template, view, "gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(own);
    expect(copies.answer(headers, template, view, "br").body).toBe(br.body);
    expect(copies.bytes).toBe(first.body.length + br.body.length);
    // Another member of the same view: their own copy, nothing of the first.
    const other = copies.answer(headers, template, bert, "br");
    expect(brotliDecompressSync(other.body).toString()).toBe(own.replaceAll(view.email, bert.email));
  });

  it("keeps at most its bytes, the least recently asked for dropped first", () => {
    const template = memberTemplate(body, STAND_IN, NONCE);
    const size = copiesOfOne(template).bytes;
    const copies = memberCopies(2 * size + 10);
    const anna = copies.answer(headers, template, view).body;
    copies.answer(headers, template, bert);
    copies.answer(headers, template, view);
    copies.answer(headers, template, { ...bert, userId: "user-3", email: "carl@example.com" });
    expect(copies.bytes).toBeLessThanOrEqual(2 * size + 10);
    // Anna was asked for after Bert: hers is kept, his was dropped and is made anew.
    expect(copies.answer(headers, template, view).body).toBe(anna);
  });

  it("answers with a fresh nonce, keeping no copy, when the nonce cannot become hashes", () => {
    const copies = memberCopies(1024 * 1024);
    const styled = { ...headers, "content-security-policy": `style-src 'nonce-${NONCE}'; script-src 'nonce-${NONCE}'` };
    const template = memberTemplate(body, STAND_IN, NONCE);
    const answer = copies.answer(styled, template, view);
    expect(String(answer.headers["content-security-policy"])).not.toContain(NONCE);
    expect(String(answer.headers["content-security-policy"])).toMatch(/'nonce-[^']+'/);
    expect(copies.bytes).toBe(0);
    expect(template.nonceOnly).toBe(true);
  });

  function copiesOfOne(template: ReturnType<typeof memberTemplate>) {
    const copies = memberCopies(1024 * 1024);
    copies.answer(headers, template, view);
    return copies;
  }
});
