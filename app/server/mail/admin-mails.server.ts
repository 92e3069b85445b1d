import { sql } from "kysely";
import { afterCommit, type Tx } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { nudgeMailWorker } from "~/server/mail/outbox.server";
import { iso } from "~/server/db/values.server";

/**
 * Admin mails: what has not (yet) reached its recipient, the failed ones first, then newest first
 * (RLS: admins read the outbox). Newsletter mails still on their way are counted, not listed: a
 * send to thousands keeps them queued for hours, and would push an older failed order or password
 * mail out of the list; the page shows their progress.
 */

export const UNDELIVERED_LIMIT = 200;

export interface UndeliveredMail {
  id: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
}

export async function listUndeliveredMails(tx: Tx) {
  const newsletterOnItsWay = sql<boolean>`bulk and status = 'queued'`;
  const [rows, count] = await Promise.all([
    tx
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "subject", "status", "attempts", "last_error", "next_attempt_at", "created_at"])
      .where("status", "<>", "sent")
      .where(sql<boolean>`not (${newsletterOnItsWay})`)
      .orderBy(sql`status = 'failed'`, "desc")
      .orderBy("created_at", "desc")
      .limit(UNDELIVERED_LIMIT)
      .execute(),
    tx
      .selectFrom("mail_outbox")
      .select([
        sql<number>`(count(*) filter (where not (${newsletterOnItsWay})))::int`.as("n"),
        sql<number>`(count(*) filter (where ${newsletterOnItsWay}))::int`.as("newsletter"),
      ])
      .where("status", "<>", "sent")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.n,
    newsletterQueued: count.newsletter,
    rows: rows.map<UndeliveredMail>((row) => ({
      ...row,
      next_attempt_at: iso(row.next_attempt_at) ?? "",
      created_at: iso(row.created_at) ?? "",
    })),
  };
}

/** "Erneut senden": due now (retry_mail checks the admin); the worker is woken after the commit. */
export async function retryMail(tx: Tx, id: string) {
  const { rows } = await sql<{ ok: boolean }>`select public.retry_mail(${id}::uuid) as ok`.execute(tx);
  const ok = rows[0]?.ok === true;
  if (ok) {
    afterCommit(tx, () => {
      logger.info("mail retry requested by an admin", { mailId: id });
      nudgeMailWorker();
    });
  }
  return ok;
}
