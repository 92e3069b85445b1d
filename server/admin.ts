/**
 * Creates or promotes an admin:  npm run admin -- someone@example.com
 * Part of the server build (scripts/command.mjs runs it from there), so it needs no TypeScript at
 * run time. Works before the first start (it opens, creates and migrates the database itself:
 * DATA_DIR or DATABASE_URL, as the server would) and is safe to re-run. A new account gets the
 * password from ADMIN_PASSWORD, or a generated one printed once. There is no default admin password.
 */
import { randomBytes } from "node:crypto";
import { findUserId, createUser, grantAdmin } from "~/server/members/accounts.server";
import { closeDatabase, database } from "~/server/db/db.server";
import { env } from "~/server/platform/env.server";

const USAGE = "Usage: npm run admin -- <email>   (optional: ADMIN_PASSWORD=… for a new account)";

/** Runs the command for `args` (the words after `--`) and resolves with the process exit code. */
export async function runAdminCommand(args: string[]): Promise<number> {
  const email = args[0]?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  try {
    await grant(email);
    return 0;
  } catch (error) {
    console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}

async function grant(email: string) {
  await database();
  let userId = await findUserId(email);
  let generated: string | null = null;
  if (!userId) {
    if (env().authProvider === "supabase") {
      throw new Error(`No Supabase user ${email}: sign up first (or create the user in the Supabase dashboard).`);
    }
    const password = process.env.ADMIN_PASSWORD ?? (generated = randomBytes(12).toString("base64url"));
    if (password.length < 8) throw new Error("ADMIN_PASSWORD must be at least 8 characters.");
    userId = await createUser({ email, password, firstName: "Admin", lastName: "", emailConfirmed: true });
    console.log(`Created account ${email}.`);
  }
  await grantAdmin(userId);
  console.log(`${email} is an admin.`);
  if (generated) console.log(`Initial password (shown once, change it after signing in): ${generated}`);
}
