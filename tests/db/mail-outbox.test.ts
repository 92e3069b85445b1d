// The mail outbox beyond the RLS matrix: what an admin may read of a mail and who may send it again.
import { expect, it } from "vitest";
import { describeEngines, errorOf, type Role } from "./engines";

describeEngines("mail_outbox writes beyond the matrix", (engine) => {
  it("an admin reads a mail's delivery state, never its text, HTML or attachments (a reset link is a key)", async () => {
    const e = engine();
    const admin = await e.createUser("outbox-reader-admin@example.com");
    await e.makeAdmin(admin);
    const [reset] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, html_body, status, carries_secret)
       values ('kunde@example.com', 'Passwort zurücksetzen', 'https://shop.example/auth/reset?token=geheim',
               '<a href="https://shop.example/auth/reset?token=geheim">', 'queued', true)
       returning id`,
    );
    const asAdmin = (sql: string) => e.asViewer("authenticated", admin).query(sql, [reset.id]);
    for (const column of ["text_body", "html_body", "attachments", "*"]) {
      expect((await errorOf(asAdmin(`select ${column} from public.mail_outbox where id = $1`))).code, column).toBe(
        "42501",
      );
    }
    const { rows } = await asAdmin(
      "select to_address, subject, status, attempts, last_error, carries_secret, bulk from public.mail_outbox where id = $1",
    );
    expect(rows).toEqual([
      {
        to_address: "kunde@example.com",
        subject: "Passwort zurücksetzen",
        status: "queued",
        attempts: 0,
        last_error: null,
        carries_secret: true,
        bulk: false,
      },
    ]);
  });

  it("only an admin may make an undelivered mail due again (retry_mail); attempts stay counted", async () => {
    const e = engine();
    const member = await e.createUser("outbox-member@example.com");
    const admin = await e.createUser("outbox-admin@example.com");
    await e.makeAdmin(admin);
    const [failed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, attempts, next_attempt_at, last_error)
       values ('kunde@example.com', 'Bestellung', 'Text', 'failed', 31, now() - interval '1 day', '550 unbekannt')
       returning id`,
    );
    const [sent] = await e.query<{ id: string }>(
      "insert into public.mail_outbox (to_address, subject, text_body, status) values ('kunde@example.com', 'Alt', 'Text', 'sent') returning id",
    );
    const retry = (role: Role, userId: string | null, id: string) =>
      e.asViewer(role, userId).query<{ ok: boolean }>("select public.retry_mail($1::uuid) as ok", [id]);

    expect((await errorOf(retry("anon", null, failed.id))).code).toBe("42501");
    expect((await errorOf(retry("authenticated", member, failed.id))).code).toBe("42501");
    expect((await retry("authenticated", admin, sent.id)).rows[0].ok).toBe(false);
    expect((await retry("authenticated", admin, failed.id)).rows[0].ok).toBe(true);
    const [row] = await e.query<{ status: string; attempts: number; due: boolean }>(
      "select status, attempts, next_attempt_at <= now() as due from public.mail_outbox where id = $1",
      [failed.id],
    );
    expect(row).toEqual({ status: "queued", attempts: 31, due: true });
    // A mail a worker is sending right now keeps its claim: a second claim would send it twice.
    const [claimed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, locked_until)
       values ('kunde@example.com', 'Unterwegs', 'Text', 'queued', now() + interval '1 minute') returning id`,
    );
    expect((await retry("authenticated", admin, claimed.id)).rows[0].ok).toBe(false);
    const [lapsed] = await e.query<{ id: string }>(
      `insert into public.mail_outbox (to_address, subject, text_body, status, locked_until)
       values ('kunde@example.com', 'Hängt', 'Text', 'queued', now() - interval '1 minute') returning id`,
    );
    expect((await retry("authenticated", admin, lapsed.id)).rows[0].ok).toBe(true);
  });
});
