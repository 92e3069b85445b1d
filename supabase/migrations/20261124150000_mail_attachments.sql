-- Mails with attachments (the invoice PDF with "Zahlung eingegangen", the GiroCode image in the
-- order confirmation) are queued like every other mail: the attachments travel in the outbox row
-- as JSON ({ filename, contentType, content (base64), cid? }), so the worker can (re)send them.
alter table public.mail_outbox add column attachments jsonb;
