import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/** The outbox against a real SMTP server process on loopback, with the outbox in a real PGlite. */
const received: { to: string[]; raw: string }[] = [];
/** What the SMTP server answers to the next mails: accept, a temporary or a permanent refusal. */
let answer: "ok" | 451 | 550 = "ok";
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        if (answer !== "ok") return callback(Object.assign(new Error("Nicht jetzt"), { responseCode: answer }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  await openMemoryDatabase({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_BASE_MS: "30000",
    MAIL_RETRY_MAX_MS: "3600000",
  });
}, 180_000);

afterAll(async () => {
  await closeMemoryDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  answer = "ok";
});

const mail = (subject: string) => ({ to: "erika@example.com", subject, text: `Hallo Erika, ${subject}` });

async function row(id: string) {
  const { SERVICE, withViewer } = await import("~/server/db/db.server");
  return withViewer(SERVICE, async (tx) => {
    const { rows } = await sql<{
      status: string;
      attempts: number;
      last_error: string | null;
      message_id: string;
      sent: boolean;
      retry_in_seconds: number;
    }>`select status, attempts, last_error, message_id, sent_at is not null as sent,
              round(extract(epoch from next_attempt_at - now()))::int as retry_in_seconds
         from public.mail_outbox where id = ${id}`.execute(tx);
    return rows[0];
  });
}

/** Queues a mail the way the shop does: inside the transaction of an anonymous visitor's write. */
async function enqueueAsAnon(subject: string, options: { key?: string; secret?: boolean } = {}) {
  const { ANON, withViewer } = await import("~/server/db/db.server");
  const { enqueueMail } = await import("~/server/mail/outbox.server");
  return withViewer(ANON, (tx) => enqueueMail(tx, mail(subject), options));
}

describe("the mail outbox", () => {
  it("a mail queued in a transaction that rolls back is never stored or sent", async () => {
    const { ANON, SERVICE, withViewer } = await import("~/server/db/db.server");
    const { deliverDueMails, enqueueMail } = await import("~/server/mail/outbox.server");
    await expect(
      withViewer(ANON, async (tx) => {
        await enqueueMail(tx, mail("Zurückgerollt"));
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    await deliverDueMails();
    expect(received).toEqual([]);
    const count = await withViewer(SERVICE, (tx) =>
      sql<{ n: number }>`select count(*)::int as n from public.mail_outbox where subject = 'Zurückgerollt'`.execute(tx),
    );
    expect(count.rows[0].n).toBe(0);
  });

  it("delivers a committed mail once, with the Message-ID stored at enqueue, and records it as sent", async () => {
    const { deliverDueMails } = await import("~/server/mail/outbox.server");
    const id = (await enqueueAsAnon("Grüße aus dem Test"))!;
    const before = await row(id);
    expect(before).toMatchObject({ status: "queued", attempts: 0, sent: false });
    expect(before.message_id).toMatch(/^<[0-9a-f-]{36}@[^>]+>$/);

    await deliverDueMails();
    await deliverDueMails();
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["erika@example.com"]);
    expect(received[0].raw).toContain("Hallo Erika");
    expect(received[0].raw).toContain(`Message-ID: ${before.message_id}`);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, sent: true, last_error: null });
  });

  it("a mail with a token is delivered whole, then its stored text, HTML and attachments are gone", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { deliverDueMails, SECRET_REMOVED } = await import("~/server/mail/outbox.server");
    const secret = (await enqueueAsAnon("Passwort zurücksetzen", { secret: true }))!;
    const plain = (await enqueueAsAnon("Deine Bestellung"))!;
    await deliverDueMails();
    expect(received.map((mail) => mail.raw).join()).toContain("Hallo Erika, Passwort zur"); // ü is encoded
    // Answers reach the shop's own address (the mails invite them), not the technical sender.
    const { operator } = await import("~/server/platform/operator.server");
    expect(received[0]!.raw).toContain(`Reply-To: ${operator().email}`);
    const stored = await withViewer(SERVICE, (tx) =>
      sql<{ id: string; status: string; text_body: string; html_body: string | null }>`
        select id, status, text_body, html_body from public.mail_outbox where id in (${secret}, ${plain})`.execute(tx),
    );
    const byId = Object.fromEntries(stored.rows.map((r) => [r.id, r]));
    expect(byId[secret]).toMatchObject({ status: "sent", text_body: SECRET_REMOVED, html_body: null });
    expect(byId[plain]).toMatchObject({ status: "sent" });
    expect(byId[plain]!.text_body).toMatch(/^Hallo Erika, Deine Bestellung\n\n-- \n/);
  });

  it("every mail names its sender as a business letter does, in the text and the HTML (§ 35a GmbHG)", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { enqueueMail } = await import("~/server/mail/outbox.server");
    const { greetingMail } = await import("~/server/mail/layout.server");
    const { operator } = await import("~/server/platform/operator.server");
    const op = operator();
    const mail = greetingMail("Absender – BeHappy", "Absender", [["Ein Satz."]]);
    const id = await withViewer(SERVICE, (tx) => enqueueMail(tx, { to: "absender@example.com", ...mail }));
    const [stored] = (
      await withViewer(SERVICE, (tx) =>
        sql<{ text_body: string; html_body: string }>`
          select text_body, html_body from public.mail_outbox where id = ${id}`.execute(tx),
      )
    ).rows;
    const sender = [
      op.company,
      `${op.street}, ${op.postalCode} ${op.city}`,
      `Geschäftsführung: ${op.managingDirector}`,
      `Registergericht: ${op.registerCourt}, ${op.registerNumber}`,
      `USt-IdNr.: ${op.vatId}`,
    ];
    expect(stored!.text_body.split("\n-- \n")[1]).toContain(sender.join("\n"));
    for (const line of sender) expect(stored!.html_body).toContain(line.replaceAll("&", "&amp;"));
    // Added once, however often a text passes through.
    const { withSender } = await import("~/server/mail/layout.server");
    expect(withSender(stored!.text_body)).toBe(stored!.text_body);
  });

  it("the same cause queues one mail only (a checkout form sent twice)", async () => {
    const first = await enqueueAsAnon("Einmal", { key: "order-confirmation:test-1" });
    const second = await enqueueAsAnon("Einmal", { key: "order-confirmation:test-1" });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });

  it("a temporary refusal is retried later with the same Message-ID; attempts are counted", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { deliverDueMails } = await import("~/server/mail/outbox.server");
    const id = (await enqueueAsAnon("Später nochmal"))!;
    answer = 451;
    await deliverDueMails();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "queued", attempts: 1, sent: false });
    expect(failed.last_error).toContain("Nicht jetzt");
    expect(failed.retry_in_seconds).toBeGreaterThanOrEqual(29);
    expect(failed.retry_in_seconds).toBeLessThanOrEqual(30);

    // Not due yet: nothing is sent even though the server accepts again.
    answer = "ok";
    await deliverDueMails();
    expect(received).toEqual([]);

    await withViewer(SERVICE, (tx) =>
      tx.updateTable("mail_outbox").set({ next_attempt_at: new Date() }).where("id", "=", id).execute(),
    );
    await deliverDueMails();
    expect(received).toHaveLength(1);
    expect(received[0].raw).toContain(`Message-ID: ${failed.message_id}`);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("a permanent refusal (5xx) marks the mail failed at once; so does any failure after 24 hours", async () => {
    const { SERVICE, withViewer } = await import("~/server/db/db.server");
    const { deliverDueMails } = await import("~/server/mail/outbox.server");
    const rejected = (await enqueueAsAnon("Unbekannter Empfänger"))!;
    answer = 550;
    await deliverDueMails();
    expect(await row(rejected)).toMatchObject({ status: "failed", attempts: 1 });

    const old = (await enqueueAsAnon("Seit gestern"))!;
    await withViewer(SERVICE, (tx) =>
      tx
        .updateTable("mail_outbox")
        .set({ created_at: sql<Date>`now() - interval '25 hours'` })
        .where("id", "=", old)
        .execute(),
    );
    answer = 451;
    await deliverDueMails();
    expect(await row(old)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("retry pauses double from 30 s up to one hour", async () => {
    const { retryDelayMs } = await import("~/server/mail/outbox.server");
    const pauses = [1, 2, 3, 4, 8, 9, 40].map((n) => retryDelayMs(n, 30_000, 3_600_000) / 1000);
    expect(pauses).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });
});
