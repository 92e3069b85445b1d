import { sql } from "kysely";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { logger } from "~/server/platform/log.server";

/**
 * How long a newsletter sign-up waits for its confirmation. The privacy page promises it
 * ("Nicht bestätigte Anmeldungen löschen wir nach spätestens 30 Tagen"); confirm_newsletter refuses
 * an older link (migration 20261206200000).
 */
export const UNCONFIRMED_SIGNUP_DAYS = 30;

/** SQL: a sign-up's request is older than UNCONFIRMED_SIGNUP_DAYS by the shop's clock. */
export const signupExpired = sql<boolean>`consent_at <= public.shop_now() - make_interval(days => ${UNCONFIRMED_SIGNUP_DAYS})`;

/**
 * The daily job "newsletter-retention": sign-ups still unconfirmed after UNCONFIRMED_SIGNUP_DAYS
 * (by the shop's clock) are deleted. An address that had received issues, unsubscribed and asked
 * again goes back to unsubscribed instead: the record of what it was sent stays (the export shows
 * it), only the unconfirmed request ends.
 */
export const newsletterRetention: JobHandler = async (tx) => {
  const reverted = await tx
    .updateTable("newsletter_subscriptions")
    .set({ status: "unsubscribed", confirm_token_hash: null })
    .where("status", "=", "pending")
    .where(signupExpired)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("newsletter_deliveries")
          .select(sql`1`.as("one"))
          .whereRef("newsletter_deliveries.subscription_id", "=", "newsletter_subscriptions.id"),
      ),
    )
    .executeTakeFirst();
  const deleted = await tx
    .deleteFrom("newsletter_subscriptions")
    .where("status", "=", "pending")
    .where(signupExpired)
    .executeTakeFirst();
  const counts = { deleted: Number(deleted.numDeletedRows), reverted: Number(reverted.numUpdatedRows) };
  if (counts.deleted + counts.reverted > 0) logger.info("unconfirmed newsletter sign-ups ended", counts);
};
