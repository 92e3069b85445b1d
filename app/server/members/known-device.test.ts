import { afterEach, describe, expect, it, vi } from "vitest";

const OWNER = "owner@example.com";
const headerOf = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie?: string) => new Request("http://shop.test/auth", cookie ? { headers: { cookie } } : {});

/** The module as a server started with `secret` (SESSION_SECRET) would load it. */
async function withSecret(secret: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", secret);
  return import("~/server/members/known-device.server");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("known-device cookie", () => {
  it("a browser that signed in to an account counts in its own bucket, for that account only", async () => {
    const { rememberDevice, signInAttemptBucket } = await withSecret("test-secret-1");
    expect(await signInAttemptBucket(requestWith(), OWNER)).toEqual({ tier: "signInFailuresPerEmail", key: OWNER });
    const cookie = headerOf(await rememberDevice(requestWith(), OWNER));
    const bucket = await signInAttemptBucket(requestWith(cookie), OWNER);
    expect(bucket.tier).toBe("signInFailuresPerKnownDevice");
    expect(bucket.key).toMatch(new RegExp(`^${OWNER} [0-9a-f-]{36}$`));
    expect(await signInAttemptBucket(requestWith(cookie), "other@example.com")).toEqual({
      tier: "signInFailuresPerEmail",
      key: "other@example.com",
    });
    // Another browser that signed in has a bucket of its own.
    const other = headerOf(await rememberDevice(requestWith(), OWNER));
    expect((await signInAttemptBucket(requestWith(other), OWNER)).key).not.toBe(bucket.key);
  });

  it("names no address, and a tampered cookie counts as none", async () => {
    const { rememberDevice, signInAttemptBucket } = await withSecret("test-secret-1");
    const setCookie = await rememberDevice(requestWith(), OWNER);
    expect(setCookie).toMatch(/^known_device=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    const value = decodeURIComponent(headerOf(setCookie).slice("known_device=".length));
    expect(Buffer.from(value.split(".")[0]!, "base64").toString()).not.toContain(OWNER);
    const tampered = headerOf(setCookie).replace(/=(..)/, (_, two: string) => `=${two === "ey" ? "eX" : "ey"}`);
    expect(await signInAttemptBucket(requestWith(tampered), OWNER)).toEqual({
      tier: "signInFailuresPerEmail",
      key: OWNER,
    });
  });

  it("keeps one device id and the five accounts signed in to last", async () => {
    const { rememberDevice, signInAttemptBucket } = await withSecret("test-secret-1");
    let cookie = "";
    const accounts = Array.from({ length: 6 }, (_, i) => `member-${i}@example.com`);
    for (const email of accounts) cookie = headerOf(await rememberDevice(requestWith(cookie || undefined), email));
    const buckets = await Promise.all(accounts.map((email) => signInAttemptBucket(requestWith(cookie), email)));
    expect(buckets.map((b) => b.tier)).toEqual([
      "signInFailuresPerEmail",
      ...Array(5).fill("signInFailuresPerKnownDevice"),
    ]);
    expect(new Set(buckets.slice(1).map((b) => b.key.split(" ")[1])).size).toBe(1);
  });

  it("still counts after SESSION_SECRET is rotated (new secret first, the old one kept)", async () => {
    const before = await withSecret("old-secret");
    const cookie = headerOf(await before.rememberDevice(requestWith(), OWNER));
    const rotated = await withSecret("new-secret,old-secret");
    expect((await rotated.signInAttemptBucket(requestWith(cookie), OWNER)).tier).toBe("signInFailuresPerKnownDevice");
    const dropped = await withSecret("new-secret");
    expect((await dropped.signInAttemptBucket(requestWith(cookie), OWNER)).tier).toBe("signInFailuresPerEmail");
  });
});
