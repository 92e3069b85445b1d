-- Sent mails keep no live secrets (audit, 2026-11).
--
-- A password-reset, e-mail confirmation or newsletter mail carries a link with a token. Its row in
-- mail_outbox kept the text after delivery, so anyone who could read the table (an admin through
-- Supabase's API, a backup) could use another person's link.
--
-- 1. Admins read the outbox's delivery state (Admin → Mails: recipient, subject, status, attempts,
--    last error), never a mail's text or attachments: column privileges, so no policy or view can
--    hand them out. Only the server role (the delivery worker) reads the bodies.
-- 2. A mail that carries a token is marked when it is queued, and its text, HTML and attachments
--    are replaced when it has been delivered (app/server/mail/outbox.server.ts). Mails of that kind
--    delivered before this migration are found by their token links and cleared now.

alter table public.mail_outbox
  add column carries_secret boolean not null default false;

revoke select on table public.mail_outbox from authenticated;
grant select (id, to_address, subject, created_at, sent_at, last_error, status, attempts, next_attempt_at,
              locked_until, message_id, dedupe_key, carries_secret)
  on table public.mail_outbox to authenticated;

update public.mail_outbox
   set text_body = 'Der Inhalt wurde nach dem Versand gelöscht: die Mail enthielt einen persönlichen Link.',
       html_body = null,
       attachments = null,
       carries_secret = true
 where status = 'sent' and text_body ~ '[?&]token=';
