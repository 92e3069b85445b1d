import { asService, SERVICE, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { hashPassword } from "~/server/members/password.server";

/**
 * Account chores that are not a user's own request: the admin command and the end-to-end
 * test hook. Both go through the service role, like Supabase's dashboard would.
 */
export async function findUserId(email: string) {
  const row = await withViewer(SERVICE, (tx) =>
    tx.selectFrom("auth.users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst(),
  );
  return row?.id ?? null;
}

/**
 * `emailConfirmed`: the operator (admin command) or a test fixture vouches for the address, so no
 * confirmation link is needed.
 */
export async function createUser(input: {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  emailConfirmed?: boolean;
}) {
  const passwordHash = await hashPassword(input.password);
  const row = await withViewer(SERVICE, (tx) =>
    tx
      .insertInto("auth.users")
      .values({
        email: input.email.toLowerCase(),
        encrypted_password: passwordHash,
        raw_user_meta_data: JSON.stringify({ first_name: input.firstName ?? "", last_name: input.lastName ?? "" }),
        email_confirmed_at: input.emailConfirmed ? shopNow() : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export async function grantAdmin(userId: string) {
  await withViewer(SERVICE, async (tx) => {
    await tx
      .insertInto("user_roles")
      .values({ user_id: userId, role: "admin" })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await invalidateViewers(tx);
  });
}

/** An account's address, and whether its owner has proved it is theirs. */
export interface AccountAddress {
  email: string;
  confirmed: boolean;
}

/**
 * The address mails about an account's own business go to (orders, a withdrawal filed signed in),
 * read as the server role in the caller's transaction. `confirmed` is auth.users.email_confirmed_at,
 * set by our link or by Supabase Auth: anyone may sign up with any address and shop before
 * confirming it, so until then a mail to it must not carry what the account's user typed.
 */
export async function accountAddress(tx: Tx, userId: string): Promise<AccountAddress | null> {
  const row = await asService(tx, () =>
    tx.selectFrom("auth.users").select(["email", "email_confirmed_at"]).where("id", "=", userId).executeTakeFirst(),
  );
  return row?.email ? { email: row.email, confirmed: row.email_confirmed_at !== null } : null;
}

/**
 * Whether `email` is the confirmed address of the member sending a form (never for a visitor): only
 * then may a receipt repeat what the sender typed (withdrawals, cancellations).
 */
export async function isOwnConfirmedAddress(tx: Tx, viewer: Viewer, email: string) {
  if (viewer.role !== "authenticated") return false;
  const own = await accountAddress(tx, viewer.userId);
  return own !== null && own.confirmed && own.email.toLowerCase() === email.trim().toLowerCase();
}

/**
 * End-to-end fixtures only (POST /__e2e/session): gives a member a membership as it would stand
 * after purchases, e.g. a Yearly plan ending in 20 days, without moving the shop's clock. Replaces
 * any membership the member has; `cancelledAt` marks it cancelled ("gekündigt zum" `until`).
 */
export async function setFixtureMembership(
  userId: string,
  input: { plan: string; until: string | null; cancelledAt?: string | null },
) {
  await withViewer(SERVICE, async (tx) => {
    // A plan that has ended already began before its end (until >= since), a year before it here.
    const ended = input.until !== null && new Date(input.until).getTime() < shopNow().getTime();
    const since = ended ? { since: new Date(new Date(input.until!).getTime() - 365 * 86_400_000) } : {};
    const values = { plan: input.plan, until: input.until, cancelled_at: input.cancelledAt ?? null, ...since };
    await tx
      .insertInto("memberships")
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: shopNow() }))
      .execute();
    await invalidateViewers(tx);
  });
}
