import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { NewsletterIssueInput, NewsletterSegment } from "~/lib/schemas/newsletter-issue";
import { afterCommit, type Tx } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { nudgeJobWorker } from "~/server/jobs/jobs.server";
import { withSender } from "~/server/mail/layout.server";
import { enqueueMail, MAIL_HTML_MAX, MAIL_TEXT_MAX } from "~/server/mail/outbox.server";
import { hashToken, newToken } from "~/server/newsletter/newsletter.server";
import { renderNewsletter } from "~/server/newsletter/render.server";

/**
 * Newsletter issues (issue 29): drafts the admin writes, the test mail, and the start of a send.
 * Admin reads and writes run as the admin (RLS: admins only; a sent issue is read-only). Queuing
 * the recipients is the job in newsletter-queue.server.ts.
 */

export interface IssueRow {
  id: string;
  subject: string;
  status: "draft" | "sending" | "sent";
  segment: NewsletterSegment | null;
  /** ISO 8601 */
  created_at: string;
  recipients: number;
}

export async function listIssues(tx: Tx): Promise<IssueRow[]> {
  const { rows } = await sql<IssueRow>`
    select n.id, n.subject, n.status, n.segment, to_json(n.created_at) #>> '{}' as created_at,
           (select count(*)::int from public.newsletter_deliveries d where d.newsletter_id = n.id) as recipients
      from public.newsletters n
     order by n.created_at desc, n.id desc
     limit 200`.execute(tx);
  return rows;
}

export interface IssueCounts {
  recipients: number;
  queued: number;
  delivered: number;
  failed: number;
  unsubscribed: number;
}

export async function getIssue(tx: Tx, id: string) {
  const issue = await tx
    .selectFrom("newsletters")
    .select(["id", "subject", "preheader", "body_markdown", "status", "segment", "send_started_at", "queued_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!issue) return null;
  // Unsubscribed after it: by this issue's own link, or any other way since.
  const { rows } = await sql<IssueCounts>`
    select count(*)::int as recipients,
           (count(*) filter (where m.status is null or m.status not in ('sent', 'failed')))::int as queued,
           (count(*) filter (where m.status = 'sent'))::int as delivered,
           (count(*) filter (where m.status = 'failed'))::int as failed,
           (count(*) filter (where d.unsubscribed_at is not null or s.status = 'unsubscribed'))::int as unsubscribed
      from public.newsletter_deliveries d
      left join public.mail_outbox m on m.id = d.mail_id
      left join public.newsletter_subscriptions s on s.id = d.subscription_id
     where d.newsletter_id = ${id}`.execute(tx);
  return { ...issue, counts: rows[0]! };
}

/** A new draft, or the changes to one; null when it is no longer a draft (or gone). */
export async function saveDraft(tx: Tx, authorId: string, id: string | null, input: NewsletterIssueInput) {
  const values = { subject: input.subject, preheader: input.preheader ?? "", body_markdown: input.body };
  if (!id) {
    const row = await tx
      .insertInto("newsletters")
      .values({ ...values, created_by: authorId })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await tx
    .updateTable("newsletters")
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The sample unsubscribe link of the preview and the test mail (it unsubscribes nobody). */
export const SAMPLE_UNSUBSCRIBE_URL = () => publicUrl("/newsletter/abmelden?token=beispiel-link-in-der-vorschau");

export function previewOf(input: { subject: string; preheader?: string; body: string }) {
  return renderNewsletter({ ...input, preheader: input.preheader ?? "" }, SAMPLE_UNSUBSCRIBE_URL());
}

/** Room for what differs from the preview in a sent copy: the personal unsubscribe link, twice. */
const PERSONAL_LINK_ROOM = 1_000;

/**
 * The answer for the body field when the issue rendered as a mail (its Markdown as styled HTML, the
 * footer and the sender) would not fit the outbox: the form accepts 100,000 characters, but
 * Markdown grows when rendered, and a mail that does not fit could never be sent.
 */
export function mailSizeProblem(input: { subject: string; preheader?: string; body: string }): string | null {
  const mail = previewOf(input);
  const fits =
    withSender(mail.text).length <= MAIL_TEXT_MAX - PERSONAL_LINK_ROOM &&
    mail.html.length <= MAIL_HTML_MAX - PERSONAL_LINK_ROOM;
  return fits
    ? null
    : "Als E-Mail wird dieser Text zu groß (Formatierungen und Links zählen mit). Bitte kürze ihn oder teile ihn auf zwei Ausgaben auf.";
}

/** "Testmail an mich": the issue as it stands, to the admin's own address, ahead of any bulk mail. */
export async function sendTestMail(tx: Tx, to: string, input: NewsletterIssueInput) {
  const mail = previewOf(input);
  return enqueueMail(tx, { to, subject: `[Test] ${input.subject}`, text: mail.text, html: mail.html });
}

/**
 * The draft as the admin confirmed it: "Verschicken bestätigen" carries this, and the send refuses
 * a draft saved since (in another tab), so what goes out is what was reviewed.
 */
export function draftVersion(issue: { subject: string; preheader: string; body_markdown: string }) {
  return createHash("sha256")
    .update(JSON.stringify([issue.subject, issue.preheader, issue.body_markdown]))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Sends a draft to a segment: the SQL function checks the admin and schedules the first batch.
 * "changed" when the draft is no longer the reviewed version, "not-draft" when it is sent (or gone).
 */
export async function startSend(
  tx: Tx,
  id: string,
  segment: NewsletterSegment,
  reviewed: string,
): Promise<"started" | "changed" | "not-draft"> {
  const draft = await tx
    .selectFrom("newsletters")
    .select(["subject", "preheader", "body_markdown", "status"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!draft || draft.status !== "draft") return "not-draft";
  if (draftVersion(draft) !== reviewed) return "changed";
  const { rows } = await sql<{ started: boolean }>`
    select public.start_newsletter_send(${id}::uuid, ${segment}) as started`.execute(tx);
  if (rows[0]?.started !== true) return "not-draft";
  afterCommit(tx, nudgeJobWorker);
  return "started";
}

/** A personal unsubscribe token: the mail carries it, the delivery row keeps its hash. */
export function unsubscribeLink() {
  const token = newToken();
  return { hash: hashToken(token), url: publicUrl(`/newsletter/abmelden?token=${encodeURIComponent(token)}`) };
}
