// Cross-site writes against the production build: React Router checks the Origin only for pages
// and `.data` requests, so the server (server/guards.ts) refuses every non-GET from another site
// with 403 before any route runs, resource routes included, and the shop's own forms still pass.
// Two paths are let through on purpose: the newsletter's one-click unsubscribe and the CSP violation
// reports (docs/security.md).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORM_HEADERS,
  formBody,
  signInViaHook,
  startAppServer,
  type AppServer,
} from "../../scripts/lib/app-server.mjs";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
const REFUSAL = "Diese Anfrage kam von einer anderen Website und wurde deshalb abgelehnt.";
const ATTACKS: [string, Record<string, string>][] = [
  ["Origin: http://evil.example", { Origin: "http://evil.example" }],
  ["Origin: null + Sec-Fetch-Site: cross-site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
];
/** The state-changing forms an attacker would aim at, with a member's fields. */
const TARGETS: { path: string; fields: Record<string, string> }[] = [
  { path: "/logout", fields: {} },
  { path: "/theme", fields: { theme: "dark", redirectTo: "/" } },
  { path: "/account/export", fields: {} },
  {
    path: "/cart",
    fields: { intent: "add", itemId: PRODUCT, itemType: "product", quantity: "1", redirectTo: "/cart" },
  },
];

let server: AppServer;
let member = "";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "proof-cross-site-"));

beforeAll(async () => {
  server = await startAppServer({
    env: { ARGON2_FAST: "true", DATA_DIR: path.join(dataDir, "db") },
    stdio: "pipe",
    timeoutMs: 120_000,
  });
  member = await signInViaHook(server.base, "cross-site@example.com");
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(target: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.base}${target}`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Cookie: member, ...headers },
    body: formBody(fields),
    redirect: "manual",
  });
}

async function signedIn() {
  const response = await fetch(`${server.base}/dashboard`, { headers: { Cookie: member }, redirect: "manual" });
  await response.text();
  return response.status === 200;
}

describe("cross-site writes", () => {
  for (const [label, headers] of ATTACKS) {
    for (const { path: target, fields } of TARGETS) {
      it(`POST ${target} with ${label}: 403 in German, no cookie set, no download, still signed in`, async () => {
        const response = await post(target, fields, headers);
        expect(response.status).toBe(403);
        expect(await response.text()).toBe(REFUSAL);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(response.headers.get("content-disposition")).toBeNull();
        expect(await signedIn()).toBe(true);
      });
    }
  }

  it("the one exception: a mail provider's one-click POST to /newsletter/abmelden (RFC 8058) reaches its page", async () => {
    const provider = { Origin: "https://mail.provider.example" };
    const token = "a".repeat(43);
    const oneClick = await post(`/newsletter/abmelden?token=${token}`, { "List-Unsubscribe": "One-Click" }, provider);
    // Past the guard and React Router's own Origin check: the page answers (an unknown token: 400).
    expect(oneClick.status).toBe(400);
    expect(await oneClick.text()).toContain("Link ungültig");
    // Only that path: its data twin and the other unsubscribe page stay refused.
    for (const target of [`/newsletter/abmelden.data?token=${token}`, "/newsletter/unsubscribe"]) {
      const refused = await post(target, { token }, provider);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe(REFUSAL);
    }
  });

  it("the other exception: a CSP report from a sandboxed frame (Origin: null) is taken, sets no cookie", async () => {
    const body = JSON.stringify({
      "csp-report": {
        "document-uri": "about:srcdoc",
        "effective-directive": "img-src",
        "blocked-uri": "https://images.example/a.png",
        disposition: "enforce",
      },
    });
    const response = await fetch(`${server.base}/csp-report`, {
      method: "POST",
      headers: {
        "Content-Type": "application/csp-report",
        Origin: "null",
        "Sec-Fetch-Site": "cross-site",
        Cookie: member,
      },
      body,
    });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await signedIn()).toBe(true);
    // The path takes reports and nothing else (415 for a form); its neighbours stay guarded (403).
    const form = await post("/csp-report", { x: "1" }, { Origin: "null", "Sec-Fetch-Site": "cross-site" });
    expect(form.status).toBe(415);
    expect((await post("/csp-reports", { x: "1" }, { Origin: "null" })).status).toBe(403);
  });

  it("the shop's own posts pass: same Origin, and Origin: null when Sec-Fetch-Site says same-origin", async () => {
    const own = { Origin: server.base };
    const noReferrerPage = { Origin: "null", "Sec-Fetch-Site": "same-origin" };
    const theme = await post("/theme", { theme: "dark", redirectTo: "/" }, noReferrerPage);
    expect(theme.status).toBe(302);
    expect(theme.headers.getSetCookie().join()).toMatch(/^theme=/);
    const cart = await post("/cart", TARGETS[3].fields, own);
    expect(cart.status).toBe(302);
    expect(cart.headers.getSetCookie().join()).toMatch(/cart=/);
    const download = await post("/account/export", {}, own);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/attachment/);
    await download.text();
    const logout = await post("/logout", {}, own);
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/auth");
    expect(await signedIn()).toBe(false);
  });
});
