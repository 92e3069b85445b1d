import { sql } from "kysely";
import { containsPattern, type ListParams } from "~/lib/admin/list-params";
import type { Tx } from "~/server/db/db.server";
import type { Selectable } from "kysely";
import type { NewsletterSubscriptionsTable } from "~/server/db/types.server";
import { iso, type Serialized } from "~/server/db/values.server";
import { pageOf } from "~/server/admin/paging.server";

/** Admin newsletter list (spec §7 "Admin newsletter"): newest first, searchable by e-mail. */

const COLUMNS = ["id", "email", "first_name", "last_name", "status", "created_at"] as const;

export type SubscriberRow = Serialized<Pick<Selectable<NewsletterSubscriptionsTable>, (typeof COLUMNS)[number]>>;

function filtered(tx: Tx, q: string) {
  let query = tx.selectFrom("newsletter_subscriptions");
  if (q) query = query.where("email", "ilike", containsPattern(q));
  return query;
}

export async function listSubscribersAdmin(tx: Tx, params: ListParams) {
  const page = await pageOf<SubscriberRow>(tx, "newsletter", params, async (ids) => {
    const rows = await tx.selectFrom("newsletter_subscriptions").select(COLUMNS).where("id", "in", ids).execute();
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  });
  // The list keeps unsubscribed and unconfirmed addresses (proof of consent and of withdrawal); who
  // actually gets the newsletter is this number.
  const { subscribed } = await filtered(tx, params.q)
    .where("status", "=", "subscribed")
    .select((eb) => eb.fn.countAll<number>().as("subscribed"))
    .executeTakeFirstOrThrow();
  return { ...page, subscribed: Number(subscribed) };
}

/** Where the previous batch ended: created_at as exact text (microseconds; a JS Date has ms only). */
export type ExportCursor = { created_at: string; id: string } | null;

/**
 * One batch of the CSV export, newest first, continuing after `cursor` (keyset, so a batch deep
 * into 100,000 rows costs the same as the first).
 */
export async function subscriberBatch(tx: Tx, q: string, cursor: ExportCursor, size: number) {
  let query = filtered(tx, q)
    .select(COLUMNS)
    .select(sql<string>`created_at::text`.as("cursor_ts"));
  if (cursor) {
    query = query.where((eb) =>
      eb(
        eb.refTuple("created_at", "id"),
        "<",
        eb.tuple(sql<Date>`${cursor.created_at}::timestamptz`, sql<string>`${cursor.id}::uuid`),
      ),
    );
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(size).execute();
  return rows.map(({ cursor_ts, ...row }) => ({
    ...row,
    created_at: iso(row.created_at),
    cursor: { created_at: cursor_ts, id: row.id },
  }));
}

export type ConsentEvent = { event: string; at: string; email: string; consent_text: string | null };

/**
 * The proof of consent of one subscription (its address and everything newsletter_consents holds,
 * oldest first), for the admin's "Nachweis" dialog; null when there is no such subscription.
 */
export async function consentHistoryAdmin(tx: Tx, subscriptionId: string) {
  const subscription = await tx
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "status"])
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
  if (!subscription) return null;
  const events = await tx
    .selectFrom("newsletter_consents")
    .select(["event", "at", "email", "consent_text"])
    .where("subscription_id", "=", subscriptionId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return { ...subscription, events: events.map((e): ConsentEvent => ({ ...e, at: iso(e.at) })) };
}
