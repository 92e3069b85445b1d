/**
 * Creates or promotes an admin:  npm run admin -- someone@example.com
 * Works before the first start (it opens, creates and migrates the database itself: DATA_DIR or
 * DATABASE_URL, as the server would) and is safe to re-run. A new account gets the password from
 * ADMIN_PASSWORD, or a generated one printed once. There is no default admin password.
 */
import { randomBytes } from "node:crypto";
import { findUserId, createUser, grantAdmin } from "../app/server/auth/accounts.server";
import { closeDatabase, database } from "../app/server/db/db.server";
import { env } from "../app/server/env.server";

process.env.LOG_LEVEL ??= "warn";

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error("Usage: npm run admin -- <email>   (optional: ADMIN_PASSWORD=… for a new account)");
    process.exit(2);
  }
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

main()
  .catch((error: Error) => {
    console.error(`admin: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
