import { sql } from "kysely";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import { publicUrl } from "~/server/http/urls.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import {
  emailChangeLinkMail,
  emailChangeNoticeMail,
  emailChangeTakenMail,
} from "~/server/members/account-mails.server";
import {
  isOneTimeTokenUsable,
  isPlausibleToken,
  issueOneTimeToken,
  redeemOneTimeToken,
} from "~/server/members/one-time-tokens.server";

/**
 * The local provider's change of the sign-in address (Supabase Auth has its own): a one-time link
 * to the new address, valid 24 hours, and a notice to the current one. The address changes only
 * when the link is used, so nobody can move an account to an address they cannot read, and the
 * owner of the current one hears of it first. The profile's copy follows by trigger
 * (sync_profile_email), the cached viewers by the users_viewer_version trigger.
 */
export const EMAIL_CHANGE_HOURS = 24;

export type EmailChangeRequest = "sent" | "limited";

/** A change that waits for its link: the new address, and until when the link works (ISO; null when unknown). */
export interface PendingEmailChange {
  email: string;
  until: string | null;
}

/**
 * Mails the link (or, for an address that has an account, a notice to its owner: the answer is the
 * same, so the form tells nobody who has an account) and the notice to the current address.
 * Limited per new address like the other account mails; beyond it nothing is sent.
 */
export async function requestLocalEmailChange(
  user: { id: string; email: string },
  newEmail: string,
): Promise<EmailChangeRequest> {
  const to = newEmail.trim().toLowerCase();
  if (!(await hitRateLimit("accountMailPerEmail", to)).allowed) return "limited";
  await withViewer(SERVICE, async (tx) => {
    // A token in both cases, so the page's "waiting for the link" looks the same; for a taken
    // address it is never mailed (nobody knows it), and using it would be refused anyway.
    const token = await issueOneTimeToken(tx, user.id, "email_change_token_new", EMAIL_CHANGE_HOURS * 60, to);
    const taken = await tx.selectFrom("auth.users").select("id").where("email", "=", to).executeTakeFirst();
    if (taken) {
      await enqueueMail(tx, { to, ...emailChangeTakenMail() });
    } else {
      // Queued with the token: a link in a mail always names a stored token.
      const link = publicUrl(`/account/email/bestaetigen?token=${encodeURIComponent(token)}`);
      await enqueueMail(tx, { to, ...emailChangeLinkMail({ link, hours: EMAIL_CHANGE_HOURS }) }, { secret: true });
    }
    await enqueueMail(tx, {
      to: user.email,
      ...emailChangeNoticeMail({ newEmail: to, resetLink: publicUrl("/auth/forgot") }),
    });
  });
  return "sent";
}

/** The change still waiting for its link (the newest; older ones were withdrawn): new address and until when. */
export async function pendingLocalEmailChange(userId: string): Promise<PendingEmailChange | null> {
  const row = await withViewer(SERVICE, (tx) =>
    tx
      .selectFrom("auth.one_time_tokens")
      .select(["relates_to", "expires_at"])
      .where("user_id", "=", userId)
      .where("token_type", "=", "email_change_token_new")
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
  );
  return row?.relates_to ? { email: row.relates_to, until: row.expires_at.toISOString() } : null;
}

/** Read-only check for the page the link opens: an unused, unexpired link? */
export function isEmailChangeUsable(token: string | undefined) {
  return isOneTimeTokenUsable(token, "email_change_token_new");
}

export type EmailChangeOutcome = { changed: true; email: string } | { changed: false; reason: "invalid" | "taken" };

/**
 * Uses the link once and makes the change: the new address is the account's, confirmed (the link
 * proved it). Links still open for the old address (a password reset, a confirmation) stop working.
 * An address that got an account since the link was sent is not taken over.
 */
export async function changeEmailWithToken(token: string | undefined): Promise<EmailChangeOutcome> {
  if (!isPlausibleToken(token)) return { changed: false, reason: "invalid" };
  return withViewer(SERVICE, async (tx) => {
    const used = await redeemOneTimeToken(tx, token, "email_change_token_new");
    if (!used?.relatesTo) return { changed: false, reason: "invalid" };
    const email = used.relatesTo;
    const taken = await tx
      .selectFrom("auth.users")
      .select("id")
      .where("email", "=", email)
      .where("id", "<>", used.userId)
      .executeTakeFirst();
    if (taken) return { changed: false, reason: "taken" };
    await tx
      .updateTable("auth.users")
      .set({ email, email_confirmed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("id", "=", used.userId)
      .execute();
    await tx
      .deleteFrom("auth.one_time_tokens")
      .where("user_id", "=", used.userId)
      .where("used_at", "is", null)
      .execute();
    return { changed: true, email };
  });
}
