// `npm run admin -- <email>` is `npm run build` and then `node scripts/command.mjs admin <email>`
// (the container's form). This proof runs the second half against the production build under
// test (BUILD_DIR), as `npm run admin` does after its build.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDataDir } from "./support/data-dir";

const run = promisify(execFile);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** The admin command as an operator runs it: before the first start, and again. */
describe("admin command", () => {
  let dataDir: Awaited<ReturnType<typeof freshDataDir>>;
  beforeAll(async () => {
    dataDir = await freshDataDir("admin-command");
  });
  afterAll(() => dataDir?.remove());

  const admin = (email: string, env: Record<string, string> = {}) =>
    run(process.execPath, ["scripts/command.mjs", "admin", email], {
      env: { ...process.env, BUILD_DIR, DATA_DIR: path.join(dataDir.dir, "db"), LOG_LEVEL: "warn", ...env },
      timeout: 90_000,
    });

  it("is what `npm run admin` runs after building", async () => {
    const { scripts } = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.admin).toMatch(/^npm run -s build\b.*&& node scripts\/command\.mjs admin$/);
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
    const db = await PGlite.create({ dataDir: path.join(dataDir.dir, "db"), extensions: { pg_trgm } });
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from public.user_roles r join auth.users u on u.id = r.user_id where u.email = 'chefin@example.com' and r.role = 'admin'",
    );
    const { rows: demo } = await db.query<{ plan: string; active: boolean; hashed: boolean; confirmed: boolean }>(
      `select m.plan, m.until > now() + interval '360 days' as active, u.encrypted_password like '$argon2%' as hashed,
              u.email_confirmed_at is not null as confirmed
       from public.memberships m join auth.users u on u.id = m.user_id where u.email = 'demo-mitglied@example.com'`,
    );
    await db.close();
    expect(rows[0].n).toBe(1);
    // Confirmed: no dashboard notice about a confirmation link that was never mailed.
    expect(demo).toEqual([{ plan: "yearly", active: true, hashed: true, confirmed: true }]);
  }, 180_000);

  it("refuses a malformed e-mail with a usage line", async () => {
    await expect(admin("kein-mail")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run admin"),
    });
  }, 60_000);
});
