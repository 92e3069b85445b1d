// A member's stored page as parts around the stand-in and the nonce: each answer must read exactly
// as the render would have for that member, whatever characters surround the places.
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { memberTemplate, personalise } from "./member-pages";

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
