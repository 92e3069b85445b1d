import { sql } from "kysely";
import { SERVICE, withViewer, type Tx } from "../db/db.server";
import { logger } from "../log.server";
import { publicUrl } from "../mail.server";
import { accountExistsMail, passwordChangedMail } from "../mail/account-mails.server";
import { enqueueMail } from "../mail/outbox.server";
import { passwordResetMail } from "../mail/password-reset-mail.server";
import { hashToken, newToken } from "../queries/newsletter.server";
import { clearRateLimit, hitRateLimit } from "../rate-limit.server";
import { hashPassword } from "./password.server";

/**
 * The local provider's password reset (Supabase Auth has its own): a random 256-bit token mailed
 * as a link, stored only as its sha-256 hash in auth.one_time_tokens, valid 60 minutes, usable once.
 */
export const RESET_TOKEN_MINUTES = 60;

/**
 * Starts a reset. Answers the same (and about as fast) whether or not the address has an account:
 * the lookup, token and mail run after the response, and a per-address limit stops mail bombing.
 * `account-exists` is the sign-up of a taken address: the owner gets the link with that notice.
 */
export function startLocalPasswordReset(email: string, kind: "reset" | "account-exists" = "reset") {
  void sendResetMail(email.trim().toLowerCase(), kind).catch((error: Error) =>
    logger.error("password reset mail failed", { error: error.message }),
  );
}

async function sendResetMail(email: string, kind: "reset" | "account-exists") {
  const limit = await hitRateLimit("passwordResetPerEmail", email);
  if (!limit.allowed) return;
  const token = newToken();
  await withViewer(SERVICE, async (tx) => {
    const user = await tx.selectFrom("auth.users").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) return;
    // Only the newest link works: older unused ones are withdrawn.
    await tx
      .deleteFrom("auth.one_time_tokens")
      .where("user_id", "=", user.id)
      .where("token_type", "=", "recovery_token")
      .where("used_at", "is", null)
      .execute();
    await tx
      .insertInto("auth.one_time_tokens")
      .values({
        user_id: user.id,
        token_type: "recovery_token",
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
      })
      .execute();
    // Queued with the token: a link in a mail always names a stored token.
    const link = publicUrl(`/auth/reset?token=${encodeURIComponent(token)}`);
    const mail =
      kind === "reset"
        ? passwordResetMail({ link, minutes: RESET_TOKEN_MINUTES })
        : accountExistsMail({ link, minutes: RESET_TOKEN_MINUTES });
    await enqueueMail(tx, { to: email, ...mail });
  });
}

function plausible(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{32,100}$/.test(token);
}

/** Read-only check for the reset page: does an unused, unexpired token with this hash exist? */
export async function isLocalResetTokenUsable(token: string | undefined) {
  if (!plausible(token)) return false;
  const row = await withViewer(SERVICE, (tx) =>
    tx
      .selectFrom("auth.one_time_tokens")
      .select("id")
      .where("token_hash", "=", hashToken(token))
      .where("token_type", "=", "recovery_token")
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst(),
  );
  return Boolean(row);
}

/**
 * Uses the token once (an atomic UPDATE … WHERE used_at IS NULL, so two parallel requests cannot
 * both win), sets the new password and ends every session of the user. Returns the account's
 * e-mail (the sign-in form is prefilled with it), or null for an unknown, used or expired token. The hash is computed before the transaction (PGlite: one connection).
 */
export async function finishLocalPasswordReset(token: string | undefined, newPassword: string) {
  if (!plausible(token)) return null;
  const passwordHash = await hashPassword(newPassword);
  const email = await withViewer(SERVICE, async (tx) => {
    const used = await tx
      .updateTable("auth.one_time_tokens")
      .set({ used_at: sql<Date>`now()` })
      .where("token_hash", "=", hashToken(token))
      .where("token_type", "=", "recovery_token")
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!used?.user_id) return null;
    await setPasswordEndingSessions(tx, used.user_id, passwordHash);
    // The link was mailed to the account's address, so using it also proves the address.
    const user = await tx
      .updateTable("auth.users")
      .set({ email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, now())` })
      .where("id", "=", used.user_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    return user.email ?? "";
  });
  if (email === null) return null;
  // The owner is back in: the per-address sign-in counter starts from zero.
  await clearRateLimit("signInFailuresPerEmail", email.toLowerCase());
  return email;
}

/**
 * The owner's notice that the password changed, queued in the transaction that changed it: no mail
 * for a change that rolled back, no change without its mail.
 */
export async function enqueuePasswordChangedMail(tx: Tx, email: string) {
  await enqueueMail(tx, { to: email, ...passwordChangedMail({ resetLink: publicUrl("/auth/forgot") }) });
}

/** Stores a new password hash and ends every session of the account (password change and reset). */
export async function setPasswordEndingSessions(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .updateTable("auth.users")
    .set({ encrypted_password: passwordHash, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
  await tx.deleteFrom("auth.sessions").where("user_id", "=", userId).execute();
}
