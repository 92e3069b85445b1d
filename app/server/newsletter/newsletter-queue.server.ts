import { withSender } from "~/server/mail/layout.server";
import { sql } from "kysely";
import type { NewsletterSegment } from "~/lib/schemas/newsletter-issue";
import { afterCommit, asService, type Tx } from "~/server/db/db.server";
import type { Job } from "~/server/jobs/jobs.server";
import { newMessageId, nudgeMailWorker } from "~/server/mail/outbox.server";
import { unsubscribeLink } from "~/server/newsletter/issues.server";
import { renderNewsletter } from "~/server/newsletter/render.server";
import { logger } from "~/server/platform/log.server";

/** Recipients queued per job run (one transaction each). */
export const NEWSLETTER_BATCH = 500;

/** Stands in for the personal link while the mail is rendered once per batch. */
const LINK_SLOT = "https://unsubscribe.invalid/behappy-link-slot";

/** A subscriber who confirmed and has not left (newsletter_subscriptions as s). */
const CONFIRMED_SUBSCRIBER = sql`s.status = 'subscribed' and s.confirmed_at is not null`;

const SEGMENT_SQL: Record<NewsletterSegment, ReturnType<typeof sql>> = {
  all: sql`true`,
  members: sql`exists (${activeMember()})`,
  "non-members": sql`not exists (${activeMember()})`,
};

/** A confirmed account with this address and a plan that has not ended on the shop's clock. */
function activeMember() {
  return sql`select 1 from auth.users u join public.memberships m on m.user_id = u.id
    where lower(u.email) = lower(s.email) and u.email_confirmed_at is not null
      and (m.until is null or m.until > public.shop_now())`;
}

/** Who would get an issue sent to this segment now: the send form says it before anything goes out. */
export async function countRecipients(tx: Tx, segment: NewsletterSegment) {
  // Membership needs auth.users, which only the server role reads.
  const { rows } = await asService(tx, () =>
    sql<{ n: number }>`
      select count(*)::int as n from public.newsletter_subscriptions s
       where ${CONFIRMED_SUBSCRIBER} and ${SEGMENT_SQL[segment]}`.execute(tx),
  );
  return rows[0]?.n ?? 0;
}

/**
 * The 'newsletter-queue' job: one batch of recipients, in the job's transaction. Only confirmed
 * subscribers (status 'subscribed') in the segment, in id order after the previous batch. Each
 * gets an outbox row (bulk, with List-Unsubscribe headers and a personal link, removed after
 * delivery) and a delivery row; the delivery's primary key and the outbox dedupe key make a
 * repeated batch (after a crash, or a second instance) queue nobody twice. A full batch schedules
 * the next one; the last marks the issue sent. docs/decisions/0018-newsletter-sending.md.
 */
export async function newsletterQueue(tx: Tx, job: Job) {
  const {
    newsletterId,
    batch = 0,
    after = null,
  } = job.payload as {
    newsletterId: string;
    batch?: number;
    after?: string | null;
  };
  const issue = await tx
    .selectFrom("newsletters")
    .select(["id", "subject", "preheader", "body_markdown", "status", "segment"])
    .where("id", "=", newsletterId)
    .executeTakeFirst();
  if (!issue || issue.status !== "sending" || !issue.segment) return;

  const { rows: recipients } = await sql<{ id: string; email: string }>`
    select s.id, s.email from public.newsletter_subscriptions s
     where ${CONFIRMED_SUBSCRIBER}
       and (${after}::uuid is null or s.id > ${after}::uuid)
       and ${SEGMENT_SQL[issue.segment as NewsletterSegment]}
     order by s.id
     limit ${NEWSLETTER_BATCH}`.execute(tx);

  if (recipients.length > 0) await queueRecipients(tx, issue, recipients);

  if (recipients.length === NEWSLETTER_BATCH) {
    await sql`
      insert into public.jobs (kind, key, run_at, payload)
      values ('newsletter-queue', ${`newsletter-queue:${issue.id}:${batch + 1}`}, public.shop_now(),
              ${JSON.stringify({ newsletterId: issue.id, batch: batch + 1, after: recipients.at(-1)!.id })}::jsonb)
      on conflict (key) do nothing`.execute(tx);
  } else {
    await tx
      .updateTable("newsletters")
      .set({ status: "sent", queued_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("id", "=", issue.id)
      .execute();
  }
  afterCommit(tx, () => {
    logger.info("newsletter batch queued", { newsletterId: issue.id, batch, recipients: recipients.length });
    nudgeMailWorker();
  });
}

async function queueRecipients(
  tx: Tx,
  issue: { id: string; subject: string; preheader: string; body_markdown: string },
  recipients: { id: string; email: string }[],
) {
  const mail = renderNewsletter(
    { subject: issue.subject, preheader: issue.preheader, body: issue.body_markdown },
    LINK_SLOT,
  );
  const links = recipients.map(() => unsubscribeLink());
  const queued = await tx
    .insertInto("mail_outbox")
    .values(
      recipients.map((recipient, i) => ({
        to_address: recipient.email,
        subject: issue.subject,
        text_body: withSender(mail.text.replaceAll(LINK_SLOT, links[i]!.url)),
        html_body: mail.html.replaceAll(LINK_SLOT, links[i]!.url.replaceAll("&", "&amp;")),
        message_id: newMessageId(),
        dedupe_key: `newsletter:${issue.id}:${recipient.id}`,
        carries_secret: true,
        bulk: true,
        headers: JSON.stringify({
          "List-Unsubscribe": `<${links[i]!.url}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }),
      })),
    )
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning(["id", "dedupe_key"])
    .execute();
  const mailIdOf = new Map(queued.map((row) => [row.dedupe_key, row.id]));
  const deliveries = recipients.flatMap((recipient, i) => {
    const mailId = mailIdOf.get(`newsletter:${issue.id}:${recipient.id}`);
    return mailId
      ? [
          {
            newsletter_id: issue.id,
            subscription_id: recipient.id,
            mail_id: mailId,
            unsubscribe_token_hash: links[i]!.hash,
          },
        ]
      : [];
  });
  if (deliveries.length === 0) return;
  await tx
    .insertInto("newsletter_deliveries")
    .values(deliveries)
    .onConflict((oc) => oc.columns(["newsletter_id", "subscription_id"]).doNothing())
    .execute();
}
