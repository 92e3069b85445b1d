import { withSender } from "~/server/mail/layout.server";
import { operator } from "~/server/platform/operator.server";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { afterCommit, asService, SERVICE, withViewer, type Tx } from "~/server/db/db.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";
import type { Mail, MailAttachment } from "~/server/mail/mail.server";

/**
 * The transactional outbox. A mail is a row in mail_outbox, inserted by the same transaction as
 * the write that causes it: a rolled-back order sends nothing, a committed one cannot lose its mail.
 * A worker in every server instance delivers due rows; the request never waits for SMTP.
 */

/** What stays of a delivered mail that carried a token (the migration writes the same sentence). */
export const SECRET_REMOVED = "Der Inhalt wurde nach dem Versand gelöscht: die Mail enthielt einen persönlichen Link.";

/** Retries go on for at least this long after the mail was queued, then it is marked failed. */
export const GIVE_UP_AFTER_HOURS = 24;
const BATCH = 20;
const CONCURRENCY = 4;

/** Where the mail queued under `key` stands (null: none queued); read as the server role, as it was queued. */
export async function mailDelivery(tx: Tx, key: string) {
  const row = await asService(tx, () =>
    tx.selectFrom("mail_outbox").select(["status", "sent_at"]).where("dedupe_key", "=", key).executeTakeFirst(),
  );
  return row ?? null;
}

/** The longest text and HTML a mail may have (mail_outbox's checks, migration 20261123100000_schema.sql). */
export const MAIL_TEXT_MAX = 100_000;
export const MAIL_HTML_MAX = 200_000;

/**
 * Queues a mail inside `tx`. `key` names its cause (e.g. `order-confirmation:<id>`): the same key
 * again (a form sent twice) queues nothing. The viewer of `tx` (often anon) has no rights on the
 * outbox, so the insert runs as the server role for this one statement; no SQL function is granted
 * to the API roles for it, so nobody can use the shop as a mail relay through Supabase's API.
 * `secret`: the mail carries a link with a token (password reset, confirmation, newsletter); its
 * text is replaced once it has been delivered, so no stored row keeps a live link.
 */
export async function enqueueMail(
  tx: Tx,
  mail: Mail,
  { key, secret = false }: { key?: string; secret?: boolean } = {},
) {
  const inserted = await asService(tx, () =>
    tx
      .insertInto("mail_outbox")
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: withSender(mail.text),
        html_body: mail.html ?? null,
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
        message_id: newMessageId(),
        dedupe_key: key ?? null,
        carries_secret: secret,
      })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .returning("id")
      .executeTakeFirst(),
  );
  if (!inserted) return null;
  afterCommit(tx, () => {
    const smtp = Boolean(env().SMTP_URL);
    logger.info(smtp ? "mail queued" : "mail queued; SMTP_URL is not set, it stays in the outbox", {
      mailId: inserted.id,
      subject: mail.subject,
    });
    nudgeMailWorker();
  });
  return inserted.id;
}

export function newMessageId() {
  return `<${randomUUID()}@${new URL(env().PUBLIC_URL).hostname}>`;
}

/** Pause before attempt n+1 after n failed ones: base, 2×base, 4×base … capped. */
export function retryDelayMs(attempts: number, baseMs = env().MAIL_RETRY_BASE_MS, maxMs = env().MAIL_RETRY_MAX_MS) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  headers: Record<string, string> | null;
  message_id: string;
  attempts: number;
  carries_secret: boolean;
  expired: boolean;
}

/** A claim lasts far longer than one send may take (see the transport timeouts): 2 minutes by default. */
const leaseSeconds = () => env().MAIL_LEASE_MS / 1000;

const CLAIMED_COLUMNS = sql`m.id, m.to_address, m.subject, m.text_body, m.html_body, m.attachments, m.headers,
  m.message_id, m.attempts, m.carries_secret,
  m.created_at < now() - make_interval(hours => ${GIVE_UP_AFTER_HOURS}) as expired`;

/**
 * Claims up to `limit` due mails of one kind (transactional or bulk) in `tx`. SKIP LOCKED lets
 * several instances claim at once without waiting on or taking each other's rows; the lease
 * (locked_until) keeps a claimed row from being claimed again while its send runs, and runs out if
 * the instance dies meanwhile.
 */
async function claimKind(tx: Tx, bulk: boolean, limit: number) {
  if (limit <= 0) return [];
  const { rows } = await sql<ClaimedMail>`
    update public.mail_outbox m
       set attempts = m.attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds()}),
           claimed_at = now()
     where m.id in (
       select id from public.mail_outbox
        where status = 'queued' and bulk = ${bulk} and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning ${CLAIMED_COLUMNS}`.execute(tx);
  return rows;
}

/**
 * Transactional mails (orders, passwords, confirmations) first; newsletter mails (`bulk`) only
 * with what is left of the batch and of the minute's budget (NEWSLETTER_RATE_PER_MINUTE, counted
 * over the claims of the last 60 s in all instances). The advisory lock makes instances count the
 * budget one after another, so two of them never spend it twice. docs/decisions/0018.
 */
async function claimDue(limit: number) {
  return withViewer(SERVICE, async (tx) => {
    const transactional = await claimKind(tx, false, limit);
    if (transactional.length >= limit) return transactional;
    await sql`select pg_advisory_xact_lock(hashtextextended('public.mail_outbox:bulk-claim', 0))`.execute(tx);
    const { rows } = await sql<{ recent: number }>`
      select count(*)::int as recent from public.mail_outbox
       where bulk and claimed_at > now() - interval '1 minute'`.execute(tx);
    const budget = env().NEWSLETTER_RATE_PER_MINUTE - (rows[0]?.recent ?? 0);
    const bulk = await claimKind(tx, true, Math.min(limit - transactional.length, budget));
    return [...transactional, ...bulk];
  });
}

let transporter: Transporter | undefined;
function smtp() {
  // Bounded timeouts (they add up to far less than the lease): a dead mail server costs seconds.
  transporter ??= nodemailer.createTransport(env().SMTP_URL!, {
    connectionTimeout: 10_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  } as never);
  return transporter;
}

async function deliver(mail: ClaimedMail) {
  try {
    await smtp().sendMail({
      from: env().MAIL_FROM,
      // Answers go to the shop's address (the mails invite them), unless the mail names another.
      ...(mail.headers?.["Reply-To"] ? {} : { replyTo: operator().email }),
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body ?? undefined,
      attachments: mail.attachments?.map((a) => ({ ...a, encoding: "base64" })),
      messageId: mail.message_id,
      headers: mail.headers ?? undefined,
    });
  } catch (error) {
    await recordFailure(mail, error as Error & { responseCode?: number });
    return;
  }
  await withViewer(SERVICE, (tx) =>
    tx
      .updateTable("mail_outbox")
      .set({
        status: "sent",
        sent_at: sql<Date>`now()`,
        locked_until: null,
        last_error: null,
        // The headers too: a newsletter's List-Unsubscribe is the reader's personal link.
        ...(mail.carries_secret
          ? { text_body: SECRET_REMOVED, html_body: null, attachments: null, headers: null }
          : {}),
      })
      .where("id", "=", mail.id)
      .execute(),
  );
  logger.info("mail sent", { mailId: mail.id, attempts: mail.attempts });
}

async function recordFailure(mail: ClaimedMail, error: Error & { responseCode?: number }) {
  // 5xx is the receiving server's final no (unknown recipient, rejected): retrying cannot help.
  const permanent = typeof error.responseCode === "number" && error.responseCode >= 500;
  const giveUp = permanent || mail.expired;
  const delayMs = retryDelayMs(mail.attempts);
  await withViewer(SERVICE, (tx) =>
    tx
      .updateTable("mail_outbox")
      .set({
        status: giveUp ? "failed" : "queued",
        locked_until: null,
        last_error: error.message.slice(0, 2000),
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
      })
      .where("id", "=", mail.id)
      .execute(),
  );
  const fields = { mailId: mail.id, attempts: mail.attempts, error: error.message };
  if (giveUp) logger.error("mail failed, no more attempts", { ...fields, permanent });
  else logger.warn("mail delivery failed, will retry", { ...fields, retryInSeconds: Math.round(delayMs / 1000) });
}

async function releaseClaims(ids: string[]) {
  await withViewer(SERVICE, (tx) =>
    tx
      .updateTable("mail_outbox")
      .set({ locked_until: null, attempts: sql<number>`attempts - 1` })
      .where("id", "in", ids)
      .execute(),
  );
}

/** Claims and sends due mails until none is due; returns how many were attempted. */
export async function deliverDueMails() {
  let attempted = 0;
  if (!env().SMTP_URL) return attempted;
  for (;;) {
    const batch = await claimDue(BATCH);
    if (batch.length === 0) return attempted;
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      if (worker.stopping) {
        // Shutting down: hand the rest back at once instead of holding them until the lease ends.
        await releaseClaims(batch.slice(i).map((mail) => mail.id));
        return attempted;
      }
      await Promise.all(batch.slice(i, i + CONCURRENCY).map(deliver));
      attempted += Math.min(CONCURRENCY, batch.length - i);
    }
  }
}

const worker: {
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  again: boolean;
  stopping: boolean;
} = { again: false, stopping: false };

/** Starts this instance's delivery worker (server start-up). Without SMTP_URL mails stay queued. */
export function startMailWorker() {
  if (!env().SMTP_URL) {
    logger.info("SMTP_URL is not set: mails are kept in mail_outbox (status queued) and not sent");
    return;
  }
  worker.stopping = false;
  worker.timer = setInterval(nudgeMailWorker, env().MAIL_POLL_MS);
  worker.timer.unref();
  nudgeMailWorker();
}

/** Stops taking new mails and waits for the sends under way (server shutdown). */
export async function stopMailWorker() {
  worker.stopping = true;
  clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.running;
  transporter?.close();
  transporter = undefined;
}

/** Looks for due mails now (after a commit that queued one); a run under way looks again after. */
export function nudgeMailWorker() {
  if (!worker.timer) {
    // `react-router dev` runs no startup(): there the first queued mail starts the worker.
    if (env().NODE_ENV === "development" && env().SMTP_URL && !worker.stopping) startMailWorker();
    return;
  }
  if (worker.stopping) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = (async () => {
    do {
      worker.again = false;
      try {
        await deliverDueMails();
      } catch (error) {
        // The database is down or restarting: the timer tries again.
        logger.warn("mail worker could not reach the outbox", { error: (error as Error).message });
        return;
      }
    } while (worker.again && !worker.stopping);
  })().finally(() => {
    worker.running = undefined;
  });
}
