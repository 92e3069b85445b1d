import { sql } from "kysely";
import { SERVICE, withViewer, type Tx } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { publicUrl } from "~/server/http/urls.server";
import { accountExistsMail, passwordChangedMail } from "~/server/members/account-mails.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { passwordResetMail } from "~/server/members/password-reset-mail.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import { clearSignInLimits } from "~/server/members/known-device.server";
import {
  isOneTimeTokenUsable,
  isPlausibleToken,
  issueOneTimeTokenForEmail,
  redeemOneTimeToken,
} from "~/server/members/one-time-tokens.server";
import { hashPassword } from "~/server/members/password.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";

/** The local provider's password reset (Supabase Auth has its own): a one-time link valid 60 minutes. */
export const RESET_TOKEN_MINUTES = 60;

/**
 * Starts a reset. Answers the same (and about as fast) whether or not the address has an account:
 * the token and mail are made after the response, with the same steps for every address, and a
 * per-address limit stops mail bombing. `account-exists` is the sign-up of a taken address: the
 * owner gets the link with that notice. The promise settles when that work is done (tests wait
 * for it; requests do not).
 */
export function startLocalPasswordReset(email: string, kind: "reset" | "account-exists" = "reset") {
  return sendResetMail(email.trim().toLowerCase(), kind).catch((error: Error) =>
    logger.error("password reset mail failed", { error: error.message }),
  );
}

/** Rolls back the reset transaction of an address without an account. */
class NoAccount extends Error {}

async function sendResetMail(email: string, kind: "reset" | "account-exists") {
  const limit = await hitRateLimit("passwordResetPerEmail", email);
  if (!limit.allowed) return;
  // An address without an account takes the same steps (token, mail, queue) and rolls them back:
  // this work runs beside the next answers (PGlite has one connection), so it must not differ.
  await withViewer(SERVICE, async (tx) => {
    const { token, userId } = await issueOneTimeTokenForEmail(tx, email, "recovery_token", RESET_TOKEN_MINUTES);
    // Queued with the token: a link in a mail always names a stored token.
    const link = publicUrl(`/auth/reset?token=${encodeURIComponent(token)}`);
    const mail =
      kind === "reset"
        ? passwordResetMail({ link, minutes: RESET_TOKEN_MINUTES })
        : accountExistsMail({ link, minutes: RESET_TOKEN_MINUTES });
    await enqueueMail(tx, { to: email, ...mail }, { secret: true });
    if (!userId) throw new NoAccount();
  }).catch((error: unknown) => {
    if (!(error instanceof NoAccount)) throw error;
  });
}

/** Read-only check for the reset page: does an unused, unexpired token with this hash exist? */
export async function isLocalResetTokenUsable(token: string | undefined) {
  return isOneTimeTokenUsable(token, "recovery_token");
}

/**
 * Uses the token once, sets the new password and ends every session of the user. Returns the account's
 * e-mail (the sign-in form is prefilled with it), or null for an unknown, used or expired token. The hash is computed before the transaction (PGlite: one connection).
 */
export async function finishLocalPasswordReset(token: string | undefined, newPassword: string) {
  if (!isPlausibleToken(token)) return null;
  const passwordHash = await hashPassword(newPassword);
  const email = await withViewer(SERVICE, async (tx) => {
    const used = await redeemOneTimeToken(tx, token, "recovery_token");
    if (!used) return null;
    const { userId } = used;
    await setPasswordEndingSessions(tx, userId, passwordHash);
    // The link was mailed to the account's address, so using it also proves the address.
    const user = await tx
      .updateTable("auth.users")
      .set({ email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, now())` })
      .where("id", "=", userId)
      .returning("email")
      .executeTakeFirstOrThrow();
    // As after a change in the account area: the owner hears of it, with the way back in.
    if (user.email) await enqueuePasswordChangedMail(tx, user.email);
    return user.email ?? "";
  });
  if (email === null) return null;
  // The owner is back in: the address's sign-in counters (shared and per known device) start from zero.
  await clearSignInLimits(email.toLowerCase());
  return email;
}

/**
 * The owner's notice that the password changed, queued in the transaction that changed it: no mail
 * for a change that rolled back, no change without its mail.
 */
export async function enqueuePasswordChangedMail(tx: Tx, email: string) {
  await enqueueMail(tx, { to: email, ...passwordChangedMail({ resetLink: publicUrl("/auth/forgot") }) });
}

/**
 * Stores a new password hash and ends every session of the account (password change and reset).
 * A change of address still waiting for its link ends too: the notice of that change tells an owner
 * who did not ask for it to set a new password, and that must lock out whoever knew the old one.
 */
export async function setPasswordEndingSessions(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .updateTable("auth.users")
    .set({ encrypted_password: passwordHash, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
  await tx.deleteFrom("auth.sessions").where("user_id", "=", userId).execute();
  await tx
    .deleteFrom("auth.one_time_tokens")
    .where("user_id", "=", userId)
    .where("token_type", "=", "email_change_token_new")
    .where("used_at", "is", null)
    .execute();
  await invalidateViewers(tx);
}
