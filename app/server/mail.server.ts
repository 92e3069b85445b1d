import nodemailer, { type Transporter } from "nodemailer";
import { SERVICE, withViewer } from "./db/db.server";
import { env } from "./env.server";
import { logger } from "./log.server";

/** Serialisable (base64 content), so a mail with attachments fits in an outbox row. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** Set for images the HTML shows inline (<img src="cid:…">). */
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

let transporter: Transporter | undefined;
function smtp() {
  // Bounded timeouts: a slow mail server must not hold a checkout for minutes.
  transporter ??= nodemailer.createTransport(env().SMTP_URL!, {
    connectionTimeout: 10_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  } as never);
  return transporter;
}

/**
 * The one way to send mail. Every mail is recorded in mail_outbox first (an audit trail and the
 * dev inbox); with SMTP_URL it is then delivered, otherwise it stays in the outbox and is logged.
 * Sending happens outside any database transaction.
 */
export async function sendMail(mail: Mail) {
  const { id } = await withViewer(SERVICE, (tx) =>
    tx
      .insertInto("mail_outbox")
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  if (!env().SMTP_URL) {
    logger.info("mail stored in dev outbox", { id, to: mail.to, subject: mail.subject });
    return { id, delivered: false };
  }
  try {
    await smtp().sendMail({
      from: env().MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((a) => ({ ...a, encoding: "base64" })),
    });
    await withViewer(SERVICE, (tx) =>
      tx.updateTable("mail_outbox").set({ sent_at: new Date() }).where("id", "=", id).execute(),
    );
    return { id, delivered: true };
  } catch (error) {
    const message = (error as Error).message;
    logger.error("mail delivery failed", { id, error: message });
    await withViewer(SERVICE, (tx) =>
      tx
        .updateTable("mail_outbox")
        .set({ error: message.slice(0, 1000) })
        .where("id", "=", id)
        .execute(),
    );
    return { id, delivered: false };
  }
}

/** Links inside mails point at the public origin, never at the request's Host header. */
export function publicUrl(path: string) {
  return new URL(path, env().PUBLIC_URL).toString();
}
