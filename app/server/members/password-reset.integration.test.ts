import { sql } from "kysely";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * The local provider's reset request in a real PGlite (the embedded database: one connection, so
 * work a request leaves behind delays the next answer). What it does after the response must not
 * tell an account from an unknown address, neither in what it stores nor in how long it takes.
 */
beforeAll(() => openMemoryDatabase({ ARGON2_FAST: "true", SMTP_URL: undefined }), 180_000);
afterAll(closeMemoryDatabase);

async function createAccount(email: string) {
  const { createUser } = await import("~/server/members/accounts.server");
  return createUser({ email, password: "reset-password-123" });
}

async function reset(email: string) {
  const { startLocalPasswordReset } = await import("~/server/members/password-reset.server");
  await startLocalPasswordReset(email);
}

async function stored(email: string) {
  const { SERVICE, withViewer } = await import("~/server/db/db.server");
  return withViewer(SERVICE, async (tx) => {
    const { rows } = await sql<{ tokens: number; mails: number }>`
      select (select count(*)::int from auth.one_time_tokens t join auth.users u on u.id = t.user_id
               where u.email = ${email}) as tokens,
             (select count(*)::int from public.mail_outbox where to_address = ${email}) as mails`.execute(tx);
    return rows[0];
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("password reset request", () => {
  it("an account gets a token and its mail; an unknown address leaves no token and no mail", async () => {
    await createAccount("reset-owner@example.com");
    await reset("reset-owner@example.com");
    await reset("reset-nobody@example.com");
    expect(await stored("reset-owner@example.com")).toEqual({ tokens: 1, mails: 1 });
    expect(await stored("reset-nobody@example.com")).toEqual({ tokens: 0, mails: 0 });
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const orphans = await withViewer(SERVICE, (tx) =>
      tx.selectFrom("auth.one_time_tokens").select("id").where("user_id", "is", null).execute(),
    );
    expect(orphans).toEqual([]);
  });

  it("takes as long for an unknown address as for an account (medians of 51 interleaved runs each)", async () => {
    // A fresh address per run: the per-address limit (3 an hour) would skip the work after the third.
    // 51 runs, not 25: with 25 a busy CI host once measured one side's median a third below its usual
    // value (ratio 1.53 against 1.10–1.22 in every other run); more runs steady the median, the bound stays.
    const runs = 51;
    const accounts = Array.from({ length: runs }, (_, i) => `timing-owner-${i}@example.com`);
    for (const email of accounts) await createAccount(email);
    for (let i = 0; i < 3; i++) await reset(`timing-warm-${i}@example.com`);
    const timings = { known: [] as number[], unknown: [] as number[] };
    const time = async (kind: keyof typeof timings, email: string) => {
      const started = performance.now();
      await reset(email);
      timings[kind].push(performance.now() - started);
    };
    // Interleaved, each kind first in every other pair: a slow moment of the machine hits both.
    for (let i = 0; i < runs; i++) {
      const pair = [() => time("known", accounts[i]!), () => time("unknown", `timing-nobody-${i}@example.com`)];
      for (const run of i % 2 === 0 ? pair : pair.reverse()) await run();
    }
    const known = median(timings.known);
    const unknown = median(timings.unknown);
    console.info(
      `reset request work, median of ${runs}: account ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms`,
    );
    // Before, an account took 2 to 3 times as long (4.5–7 ms against 2–3 ms here); the same steps
    // measure within a fifth of each other, and 1.5 leaves room for a loaded machine.
    expect(Math.max(known, unknown) / Math.min(known, unknown)).toBeLessThanOrEqual(1.5);
  });
});
