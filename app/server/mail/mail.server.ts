/** Serialisable (base64 content), so a mail with attachments fits in an outbox row. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** Set for images the HTML shows inline (<img src="cid:…">). */
  cid?: string;
}

/** A mail as the shop writes it; it is queued with enqueueMail (mail/outbox.server.ts). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}
