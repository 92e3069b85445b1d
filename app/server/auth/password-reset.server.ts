import { sql } from "kysely";
import { SERVICE, withViewer, type Tx } from "../db/db.server";
import { logger } from "../log.server";
import { publicUrl, sendMail } from "../mail.server";
import { passwordResetMail } from "../mail/password-reset-mail.server";
import { hashToken, newToken } from "../queries/newsletter.server";
import { hitRateLimit } from "../rate-limit.server";
import { hashPassword } from "./password.server";

/**
 * The local provider's password reset (Supabase Auth has its own): a random 256-bit token mailed
 * as a link, stored only as its sha-256 hash in auth.one_time_tokens, valid 60 minutes, usable once.
 */
export const RESET_TOKEN_MINUTES = 60;

/**
 * Starts a reset. Answers the same (and about as fast) whether or not the address has an account:
 * the lookup, token and mail run after the response, and a per-address limit stops mail bombing.
 */
export function startLocalPasswordReset(email: string) {
  void sendResetMail(email.trim().toLowerCase()).catch((error: Error) =>
    logger.error("password reset mail failed", { error: error.message }),
  );
}

async function sendResetMail(email: string) {
  const limit = await hitRateLimit("passwordResetPerEmail", email);
  if (!limit.allowed) return;
  const token = newToken();
  const created = await withViewer(SERVICE, async (tx) => {
    const user = await tx.selectFrom("auth.users").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) return false;
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
    return true;
  });
  if (!created) return;
  const link = publicUrl(`/auth/reset?token=${encodeURIComponent(token)}`);
  await sendMail({ to: email, ...passwordResetMail({ link, minutes: RESET_TOKEN_MINUTES }) });
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
 * both win), sets the new password and ends every session of the user. Returns false for an
 * unknown, used or expired token. The hash is computed before the transaction (PGlite: one connection).
 */
export async function finishLocalPasswordReset(token: string | undefined, newPassword: string) {
  if (!plausible(token)) return false;
  const passwordHash = await hashPassword(newPassword);
  return withViewer(SERVICE, async (tx) => {
    const used = await tx
      .updateTable("auth.one_time_tokens")
      .set({ used_at: sql<Date>`now()` })
      .where("token_hash", "=", hashToken(token))
      .where("token_type", "=", "recovery_token")
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!used?.user_id) return false;
    await setPasswordEndingSessions(tx, used.user_id, passwordHash);
    return true;
  });
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
