// Hostile input, part 1: every form anyone may post (cart, join, sign-in/up, password reset,
// contact, newsletter, withdrawal, self-tests, theme, logout), as a visitor and as a member.
// fast-check with a fixed seed (printed); each run is a batch of 8 requests in flight at once.
// Rules:
// - no 5xx ever;
// - German message: when a case is one a person could send with the visible form (only typed
//   fields differ, each field once, browser encoding, the form's own session) and it is rejected
//   (4xx, error toast, or a guard's redirect to /auth), the person sees at least one message —
//   in the error toast cookie, or in the page: role="alert" elements, field error lists (id
//   "…-error"), the error page's sentence — and every message reads German (German words or
//   umlauts, no English markers), unless it is one of the English sentences the spec prescribes
//   word for word (SPEC_ENGLISH in lib/hostile-harness.ts);
// - a batch whose requests were all rejected changes no row of any table (row count + md5 per
//   table before and after; bookkeeping tables excepted with reasons, see SNAPSHOT_EXCLUDED).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicForms, propertiesOf, type MemberContext } from "./lib/hostile-actions";
import { startHostileEnv, type HostileEnv } from "./lib/hostile-harness";
import { counters, runHostileProperty, SEED } from "./lib/hostile-property";
import { prepareMembers, printCounters } from "./lib/hostile-setup";

let env: HostileEnv;
let context: MemberContext;
const startedAt = performance.now();
const MIN_CASES = 3600;
// Runs per form scaled so the three hostile files together send just over 10,000 cases.
const SCALE = 0.85;
const NAMES = publicForms({ anonymous: "", member: "", admin: "" }).map((spec) => spec.name);

beforeAll(async () => {
  env = await startHostileEnv();
  context = await prepareMembers(env);
});

afterAll(async () => {
  printCounters("hostile-public", SEED, startedAt);
  await env?.stop();
});

describe("hostile input: public forms", () => {
  NAMES.forEach((name, index) => {
    it(name, async () => {
      await runHostileProperty(env, propertiesOf(publicForms(context, SCALE))[index]!);
    });
  });

  it(`sent at least ${MIN_CASES} cases, and the server is still up`, async () => {
    expect(counters.cases).toBeGreaterThanOrEqual(MIN_CASES);
    expect(env.app.child.exitCode).toBeNull();
    expect((await fetch(`${env.base}/healthz`)).status).toBe(200);
  });
});
