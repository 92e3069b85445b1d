// The app's own data path (openDatabase + withViewer's transaction) on both engines: Kysely's
// PGliteDialect on PGlite, PostgresDialect on PostgreSQL. The other DB tests send raw SQL; this one
// proves the driver the app runs on: viewers never leak between concurrent transactions, PGlite's
// one session serves one transaction at a time, savepoints work, and a failed transaction rolls
// back and frees its connection.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/client.server";
import { ANON, SERVICE, viewerTransaction, type Viewer } from "../../app/server/db/db.server";
import { ENGINES, type EngineName } from "./engines";

async function open(name: EngineName): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (name === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", seed: false });
    return { handle, drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  const database = `t_${randomBytes(6).toString("hex")}`;
  await admin.query(`create database ${database}`);
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${database}`;
  const handle = await openDatabase({ databaseUrl: url.href, seed: false });
  return {
    handle,
    drop: async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

const memberId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const member = (n: number): Viewer => ({
  role: "authenticated",
  userId: memberId(n),
  email: `m${n}@example.com`,
});

describe.each(ENGINES)("data path [%s]", (name) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open(name));
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });
  const as = <T>(viewer: Viewer, fn: Parameters<typeof viewerTransaction<T>>[2]) =>
    viewerTransaction(handle.db, viewer, fn);

  it("gives every concurrent transaction its own viewer; PGlite runs them one at a time", async () => {
    let open = 0;
    let mostAtOnce = 0;
    const seen = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        as(member(n), async (tx) => {
          mostAtOnce = Math.max(mostAtOnce, ++open);
          const first = await sql<{ sub: string }>`select auth.uid()::text as sub`.execute(tx);
          await sql`select pg_sleep(0.005)`.execute(tx);
          const second = await sql<{
            sub: string;
            role: string;
          }>`select auth.uid()::text as sub, current_user as role`.execute(tx);
          open--;
          return { first: first.rows[0].sub, ...second.rows[0] };
        }),
      ),
    );
    seen.forEach((row, n) => expect(row).toEqual({ first: memberId(n), sub: memberId(n), role: "authenticated" }));
    if (name === "pglite") expect(mostAtOnce).toBe(1);
    else expect(mostAtOnce).toBeGreaterThan(1);
  });

  it("rolls back to a savepoint and goes on with the transaction (admin order detail)", async () => {
    const message = `savepoint ${randomBytes(4).toString("hex")}`;
    const after = await as(ANON, async (tx) => {
      await tx.insertInto("contact_messages").values({ name: "Sp", email: "sp@example.com", message }).execute();
      const beforeStep = await tx.savepoint("step").execute();
      await expect(sql`select 1 / 0`.execute(beforeStep)).rejects.toMatchObject({ code: "22012" });
      await beforeStep.rollbackToSavepoint("step").execute();
      return (await sql<{ ok: number }>`select 1 as ok`.execute(tx)).rows[0].ok;
    });
    expect(after).toBe(1);
    const kept = await as(SERVICE, (tx) =>
      tx.selectFrom("contact_messages").select("message").where("message", "=", message).execute(),
    );
    expect(kept).toHaveLength(1);
  });

  it("rolls back a failed transaction, frees the connection and keeps the next viewer apart", async () => {
    const message = `rolled back ${randomBytes(4).toString("hex")}`;
    await expect(
      as(ANON, async (tx) => {
        await tx.insertInto("contact_messages").values({ name: "Rb", email: "rb@example.com", message }).execute();
        throw new Error("step failed");
      }),
    ).rejects.toThrow("step failed");
    // A statement error leaves the transaction aborted; it must still end and release the session.
    await expect(as(ANON, (tx) => sql`select 1 / 0`.execute(tx))).rejects.toMatchObject({ code: "22012" });
    const rows = await as(SERVICE, (tx) =>
      tx.selectFrom("contact_messages").select("message").where("message", "=", message).execute(),
    );
    expect(rows).toEqual([]);
    // RLS still decides: a member who is not admin reads no messages.
    expect(await as(member(99), (tx) => tx.selectFrom("contact_messages").select("id").execute())).toEqual([]);
  });
});
