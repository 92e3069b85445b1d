import { sql } from "kysely";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { publicUrl } from "~/server/http/urls.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { emailConfirmationMail } from "~/server/members/account-mails.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import {
  isOneTimeTokenUsable,
  isPlausibleToken,
  issueOneTimeToken,
  redeemOneTimeToken,
} from "~/server/members/one-time-tokens.server";

/**
 * The local provider's e-mail confirmation (Supabase Auth has its own): a one-time link valid 24
 * hours. Using it sets auth.users.email_confirmed_at, the column Supabase Auth sets too; the SQL of
 * export and deletion reads it.
 */
export const CONFIRM_TOKEN_HOURS = 24;

/**
 * Mails a new link to the account's current address (older unused links stop working). Limited per
 * address: beyond it nothing is sent and the answer is false. Runs as the server (service_role).
 */
export async function sendEmailConfirmation(userId: string): Promise<boolean> {
  const email = await withViewer(SERVICE, async (tx) => {
    const user = await tx
      .selectFrom("auth.users")
      .select(["email", "email_confirmed_at"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user?.email || user.email_confirmed_at) return null;
    return user.email;
  });
  if (!email) return false;
  const limit = await hitRateLimit("accountMailPerEmail", email.toLowerCase());
  if (!limit.allowed) return false;
  await withViewer(SERVICE, async (tx) => {
    const token = await issueOneTimeToken(tx, userId, "confirmation_token", CONFIRM_TOKEN_HOURS * 60);
    // Queued with the token: a link in a mail always names a stored token.
    const link = publicUrl(`/auth/confirm?token=${encodeURIComponent(token)}`);
    await enqueueMail(
      tx,
      { to: email, ...emailConfirmationMail({ link, hours: CONFIRM_TOKEN_HOURS }) },
      { secret: true },
    );
  });
  return true;
}

/** The same, after the response (sign-up answers before any mail work). */
export function startEmailConfirmation(userId: string) {
  void sendEmailConfirmation(userId).catch((error: Error) =>
    logger.error("confirmation mail failed", { error: error.message }),
  );
}

/** Read-only check for the confirmation page: an unused, unexpired link? */
export async function isEmailConfirmationUsable(token: string | undefined) {
  return isOneTimeTokenUsable(token, "confirmation_token");
}

/** Uses the link once (atomic UPDATE … WHERE used_at IS NULL) and marks the address confirmed. */
export async function confirmEmailWithToken(token: string | undefined) {
  if (!isPlausibleToken(token)) return false;
  return withViewer(SERVICE, async (tx) => {
    const used = await redeemOneTimeToken(tx, token, "confirmation_token");
    if (!used) return false;
    await tx
      .updateTable("auth.users")
      .set({ email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, now())`, updated_at: sql<Date>`now()` })
      .where("id", "=", used.userId)
      .execute();
    return true;
  });
}

export async function isLocalEmailConfirmed(userId: string) {
  const row = await withViewer(SERVICE, (tx) =>
    tx.selectFrom("auth.users").select("email_confirmed_at").where("id", "=", userId).executeTakeFirst(),
  );
  return Boolean(row?.email_confirmed_at);
}
