import { sql } from "kysely";
import type { Tx } from "~/server/db/db.server";

/**
 * How long a newsletter sign-up waits for its confirmation. The privacy page promises it
 * ("Nicht bestätigte Anmeldungen löschen wir nach spätestens 30 Tagen"); confirm_newsletter refuses
 * an older link (migration 20261206200000).
 */
export const UNCONFIRMED_SIGNUP_DAYS = 30;

/**
 * How long the proof of an ended subscription is kept (privacy page: "den Nachweis der früheren
 * Einwilligung bewahren wir für die Dauer möglicher Ansprüche (in der Regel drei Jahre) auf").
 */
export const CONSENT_PROOF_YEARS = 3;

/** SQL: a sign-up's request is older than UNCONFIRMED_SIGNUP_DAYS by the shop's clock. */
export const signupExpired = sql<boolean>`consent_at <= public.shop_now() - make_interval(days => ${UNCONFIRMED_SIGNUP_DAYS})`;

/**
 * Sign-ups still unconfirmed after UNCONFIRMED_SIGNUP_DAYS (by the shop's clock) are deleted, and
 * so are those declined unconfirmed, UNCONFIRMED_SIGNUP_DAYS after the request. An
 * address that had been sent issues, unsubscribed and asked again goes back to unsubscribed
 * instead: the proof of its earlier consent and what it was sent stay, only the request ends.
 */
export async function endUnconfirmedSignups(tx: Tx) {
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
  // A request never confirmed goes whether it was ignored or declined ("Hier abmelden" in its
  // confirmation mail): there is no consent to prove, so there is nothing to keep it for.
  const deleted = await tx
    .deleteFrom("newsletter_subscriptions")
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([
          eb("status", "=", "unsubscribed"),
          eb("confirmed_at", "is", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("newsletter_deliveries")
                .select(sql`1`.as("one"))
                .whereRef("newsletter_deliveries.subscription_id", "=", "newsletter_subscriptions.id"),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("newsletter_consents")
                .select(sql`1`.as("one"))
                .whereRef("newsletter_consents.subscription_id", "=", "newsletter_subscriptions.id")
                .where("newsletter_consents.event", "=", "confirmed"),
            ),
          ),
        ]),
      ]),
    )
    .where(signupExpired)
    .executeTakeFirst();
  return { unconfirmedDeleted: Number(deleted.numDeletedRows), unconfirmedReverted: Number(reverted.numUpdatedRows) };
}

/**
 * An unsubscribed address, its consent history and what it was sent go CONSENT_PROOF_YEARS after
 * the last thing that happened to it (an address unsubscribed before the history was kept counts
 * from its last request).
 */
export async function deleteEndedSubscriptions(tx: Tx) {
  const deleted = await tx
    .deleteFrom("newsletter_subscriptions")
    .where("status", "=", "unsubscribed")
    .where(
      sql<boolean>`coalesce((select max(c.at) from public.newsletter_consents c where c.subscription_id = newsletter_subscriptions.id), consent_at)
        <= public.shop_now() - make_interval(years => ${CONSENT_PROOF_YEARS})`,
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
