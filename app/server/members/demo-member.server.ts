import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { hashPassword } from "~/server/members/password.server";
import type { Database } from "~/server/db/types.server";

export const DEMO_MEMBER_EMAIL = "demo-mitglied@example.com";

/**
 * Creates the demo member with an active Yearly membership, once, when the first start loaded the
 * demo data, and prints the e-mail and a generated password (like `npm run admin`: shown once,
 * never a fixed password). Runs on the freshly opened handle as service_role, before any request.
 */
export async function createDemoMember(db: Kysely<Database>) {
  const password = randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  const created = await db.transaction().execute(async (tx) => {
    await sql`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`.execute(
      tx,
    );
    const user = await tx
      .insertInto("auth.users")
      .values({
        email: DEMO_MEMBER_EMAIL,
        encrypted_password: passwordHash,
        // A demo address no mail can reach: confirmed, so the dashboard asks for no confirmation link.
        email_confirmed_at: sql<Date>`now()`,
        raw_user_meta_data: JSON.stringify({ first_name: "Demo", last_name: "Mitglied" }),
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!user) return false;
    await sql`insert into public.memberships (user_id, plan, since, until)
      values (${user.id}::uuid, 'yearly', now(), now() + interval '1 year')`.execute(tx);
    return true;
  });
  if (!created) return;
  console.log(`Demo member (Yearly, community prices): ${DEMO_MEMBER_EMAIL}`);
  console.log(`Demo member password (shown once, change it after signing in): ${password}`);
}
