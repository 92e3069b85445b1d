import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** `npm run admin -- <email>` as an operator runs it: before the first start, and again. */
describe("admin command", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "behappy-admin-cmd-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Through npm as documented: it builds the server first, then runs the command from the build.
  const admin = (email: string, env: Record<string, string> = {}) =>
    run("npm", ["run", "-s", "admin", "--", email], {
      env: { ...process.env, DATA_DIR: path.join(dataDir, "db"), LOG_LEVEL: "warn", ...env },
      timeout: 90_000,
    });

  it("creates and migrates the database, creates the account with a one-time password, and is safe to re-run", async () => {
    const first = await admin("chefin@example.com");
    expect(first.stdout).toContain("Created account chefin@example.com.");
    expect(first.stdout).toContain("chefin@example.com is an admin.");
    expect(first.stdout).toMatch(/Initial password \(shown once, change it after signing in\): \S{12,}/);
    // The first start with demo data also creates the demo member (Yearly), printed once.
    expect(first.stdout).toContain("Demo member (Yearly, community prices): demo-mitglied@example.com");
    expect(first.stdout).toMatch(/Demo member password \(shown once, change it after signing in\): \S{16,}/);

    const again = await admin("CHEFIN@example.com");
    expect(again.stdout).not.toContain("Created account");
    expect(again.stdout).toContain("chefin@example.com is an admin.");
    expect(again.stdout).not.toContain("Initial password");
    expect(again.stdout).not.toContain("Demo member");

    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from public.user_roles r join auth.users u on u.id = r.user_id where u.email = 'chefin@example.com' and r.role = 'admin'",
    );
    const { rows: demo } = await db.query<{ plan: string; active: boolean; hashed: boolean }>(
      `select m.plan, m.until > now() + interval '360 days' as active, u.encrypted_password like '$argon2%' as hashed
       from public.memberships m join auth.users u on u.id = m.user_id where u.email = 'demo-mitglied@example.com'`,
    );
    await db.close();
    expect(rows[0].n).toBe(1);
    expect(demo).toEqual([{ plan: "yearly", active: true, hashed: true }]);
  }, 180_000);

  it("refuses a malformed e-mail with a usage line", async () => {
    await expect(admin("kein-mail")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run admin"),
    });
  }, 60_000);
});
