import { env } from "./env.server";

/** A mail as the shop writes it; it is queued with enqueueMail (mail/outbox.server.ts). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Links inside mails point at the public origin, never at the request's Host header. */
export function publicUrl(path: string) {
  return new URL(path, env().PUBLIC_URL).toString();
}
