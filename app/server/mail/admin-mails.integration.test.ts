import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/** /admin/mails' list against a real PGlite outbox (no SMTP_URL: nothing is sent). */
beforeAll(() => openMemoryDatabase({ SMTP_URL: undefined }), 180_000);
afterAll(closeMemoryDatabase);

describe("the undelivered mails an admin sees", () => {
  it("failed first, and a newsletter on its way counted, not listed in their place", async () => {
    const { listUndeliveredMails, UNDELIVERED_LIMIT } = await import("~/server/mail/admin-mails.server");
    await asService(async (tx) => {
      await sql`insert into public.mail_outbox (to_address, subject, text_body, status, created_at, last_error)
                values ('kundin@example.com', 'Passwort zurücksetzen', 'Text', 'failed', now() - interval '2 days', '550')`.execute(
        tx,
      );
      await sql`insert into public.mail_outbox (to_address, subject, text_body, status)
                values ('kunde@example.com', 'Bestellung', 'Text', 'queued')`.execute(tx);
      await sql`insert into public.mail_outbox (to_address, subject, text_body, status, bulk)
                select 'leser' || n || '@example.com', 'Newsletter Dezember', 'Text', 'queued', true
                  from generate_series(1, ${UNDELIVERED_LIMIT + 50}) n`.execute(tx);
    });
    // As an admin reads it (RLS and column grants: no text, HTML or attachments).
    const { createUser, grantAdmin } = await import("~/server/members/accounts.server");
    const { withViewer } = await import("~/server/db/db.server");
    const email = "postfach-admin@example.com";
    const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: true });
    await grantAdmin(userId);
    const list = await withViewer({ role: "authenticated", userId, email }, (tx) => listUndeliveredMails(tx));
    expect(list.rows.map((row) => row.subject)).toEqual(["Passwort zurücksetzen", "Bestellung"]);
    expect(list.total).toBe(2);
    expect(list.newsletterQueued).toBe(UNDELIVERED_LIMIT + 50);
  });
});
