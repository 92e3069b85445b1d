import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import type { JobHandlers } from "~/server/jobs/jobs.server";

/**
 * Newsletter sending with the real job runner and outbox worker: a real SMTP server on loopback and
 * a real PGlite. Queued in batches that a failed (rolled-back) run resumes without a double;
 * throttled to NEWSLETTER_RATE_PER_MINUTE; order mails first; only confirmed subscribers.
 */
const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
const RATE = 7;
const CONFIRMED = 1_050;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo[0]!.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  await openMemoryDatabase({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    NEWSLETTER_RATE_PER_MINUTE: String(RATE),
  });
  await asService(async (tx) => {
    await sql`
      insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at)
      select 'abo' || lpad(i::text, 5, '0') || '@example.com', 'subscribed', 'Ja', now()
        from generate_series(1, ${CONFIRMED}) as i`.execute(tx);
    await sql`
      insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at) values
        ('offen@example.com', 'pending', 'Ja', null),
        ('weg@example.com', 'unsubscribed', 'Ja', now())`.execute(tx);
  });
  const { createUser } = await import("~/server/members/accounts.server");
  const member = await createUser({
    email: "abo00001@example.com",
    password: "sicheres-Passwort-123",
    emailConfirmed: true,
  });
  await asService((tx) =>
    sql`insert into public.memberships (user_id, plan, until) values (${member}, 'yearly', now() + interval '1 year')`.execute(
      tx,
    ),
  );
}, 180_000);

afterAll(async () => {
  await closeMemoryDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function newIssue(subject: string, segment: "all" | "members" | "non-members") {
  const { draftVersion, startSend } = await import("~/server/newsletter/issues.server");
  return asService(async (tx) => {
    const draft = { subject, preheader: "", body_markdown: "# Hallo\n\n[[Zum Shop | https://shop.example/]]" };
    const { id } = await tx.insertInto("newsletters").values(draft).returning("id").executeTakeFirstOrThrow();
    expect(await startSend(tx, id, segment, draftVersion(draft))).toBe("started");
    return id;
  });
}

async function counts(id: string) {
  return asService(async (tx) => {
    const { rows } = await sql<{ deliveries: number; mails: number; addresses: number }>`
      select (select count(*)::int from public.newsletter_deliveries where newsletter_id = ${id}) as deliveries,
             (select count(*)::int from public.mail_outbox where dedupe_key like ${`newsletter:${id}:%`}) as mails,
             (select count(distinct to_address)::int from public.mail_outbox where dedupe_key like ${`newsletter:${id}:%`}) as addresses`.execute(
      tx,
    );
    return rows[0]!;
  });
}

describe("newsletter sending", () => {
  it("the send form's count is who would get it: confirmed subscribers of the segment", async () => {
    const { countRecipients } = await import("~/server/newsletter/newsletter-queue.server");
    // The pending and the unsubscribed address count nowhere; one confirmed subscriber is a member.
    expect(await asService((tx) => countRecipients(tx, "all"))).toBe(CONFIRMED);
    expect(await asService((tx) => countRecipients(tx, "members"))).toBe(1);
    expect(await asService((tx) => countRecipients(tx, "non-members"))).toBe(CONFIRMED - 1);
  });

  it("queues every confirmed subscriber once in batches; a failed batch is retried without a double", async () => {
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const { runDueJobs } = await import("~/server/jobs/jobs.server");
    const id = await newIssue("Alle", "all");
    let failures = 0;
    // The second batch fails after it wrote its rows: the rollback takes them back, the retry queues them.
    const handlers: JobHandlers = {
      ...JOB_HANDLERS,
      "newsletter-queue": async (tx, job) => {
        await JOB_HANDLERS["newsletter-queue"]!(tx, job);
        if (job.payload.batch === 1 && failures++ === 0) throw new Error("Absturz mitten im Stapel");
      },
    };
    await runDueJobs(handlers);
    expect((await counts(id)).deliveries).toBe(500);
    await asService((tx) =>
      sql`update public.jobs set run_at = now() - interval '1 second' where kind = 'newsletter-queue' and status = 'scheduled'`.execute(
        tx,
      ),
    );
    await runDueJobs(handlers);
    // The same batch once more (a second instance, a re-run): nobody twice.
    await asService((tx) =>
      JOB_HANDLERS["newsletter-queue"]!(tx, {
        id: "x",
        kind: "newsletter-queue",
        key: "again",
        payload: { newsletterId: id, batch: 0 },
      }),
    );

    expect(await counts(id)).toEqual({ deliveries: CONFIRMED, mails: CONFIRMED, addresses: CONFIRMED });
    const { status } = await asService((tx) =>
      tx.selectFrom("newsletters").select("status").where("id", "=", id).executeTakeFirstOrThrow(),
    );
    expect(status).toBe("sent");
    const excluded = await asService(async (tx) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from public.mail_outbox
        where to_address in ('offen@example.com', 'weg@example.com')`.execute(tx);
      return rows[0]!.n;
    });
    expect(excluded).toBe(0);
  });

  it("sends at most NEWSLETTER_RATE_PER_MINUTE newsletter mails a minute, and an order mail first", async () => {
    const { deliverDueMails, enqueueMail } = await import("~/server/mail/outbox.server");
    await asService((tx) => enqueueMail(tx, { to: "kundin@example.com", subject: "Deine Bestellung", text: "Danke" }));
    received.length = 0;
    await deliverDueMails();
    expect(received.map((mail) => mail.to)[0]).toBe("kundin@example.com");
    expect(received).toHaveLength(1 + RATE);
    // The minute's budget is spent: nothing more now, but an order mail still goes at once.
    await asService((tx) =>
      enqueueMail(tx, { to: "kunde@example.com", subject: "Noch eine Bestellung", text: "Danke" }),
    );
    await deliverDueMails();
    expect(received).toHaveLength(2 + RATE);
    expect(received.at(-1)!.to).toBe("kunde@example.com");
    // A minute later the next RATE go out.
    await asService((tx) =>
      sql`update public.mail_outbox set claimed_at = claimed_at - interval '61 seconds' where bulk`.execute(tx),
    );
    await deliverDueMails();
    expect(received).toHaveLength(2 + 2 * RATE);
  });

  it("each newsletter mail has a personal one-click unsubscribe (RFC 8058) that unsubscribes at once", async () => {
    const newsletterMail = received.find((mail) => mail.raw.includes("List-Unsubscribe-Post"))!;
    expect(newsletterMail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Long headers are folded: unfold before reading.
    const headers = newsletterMail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const url = /^List-Unsubscribe:\s+<(https?:\/\/[^>]+)>\r?$/m.exec(headers)![1]!;
    const token = new URL(url).searchParams.get("token")!;
    const { unsubscribeNewsletter } = await import("~/server/newsletter/newsletter.server");
    expect(await asService((tx) => unsubscribeNewsletter(tx, token))).toBe(true);
    const status = await asService(async (tx) => {
      const { rows } = await sql<{
        status: string;
      }>`select status from public.newsletter_subscriptions where lower(email) = lower(${newsletterMail.to})`.execute(
        tx,
      );
      return rows[0]!.status;
    });
    expect(status).toBe("unsubscribed");
    // Delivered, its row keeps no personal link: not in the text, not in the headers.
    const stored = await asService(async (tx) => {
      const { rows } = await sql<{ text_body: string; headers: unknown }>`
        select text_body, headers from public.mail_outbox where message_id = ${/^Message-ID:\s*(<[^>]+>)/im.exec(headers)![1]!}`.execute(
        tx,
      );
      return rows[0]!;
    });
    expect(stored.text_body).not.toContain(token);
    expect(stored.headers).toBeNull();
  });

  it("members get it only with a plan that has not ended; non-members are the rest", async () => {
    const { runDueJobs } = await import("~/server/jobs/jobs.server");
    const { JOB_HANDLERS } = await import("~/server/jobs/handlers.server");
    const members = await newIssue("Nur Mitglieder", "members");
    const others = await newIssue("Nicht-Mitglieder", "non-members");
    await runDueJobs(JOB_HANDLERS);
    expect((await counts(members)).deliveries).toBe(1);
    // One subscriber unsubscribed in the test before.
    expect((await counts(others)).deliveries).toBe(CONFIRMED - 2);
  });

  it("sends only the draft that was reviewed: one saved since is refused and stays a draft", async () => {
    const { draftVersion, saveDraft, startSend } = await import("~/server/newsletter/issues.server");
    const reviewed = { subject: "Geprüft", preheader: "", body_markdown: "Hallo" };
    const id = await asService(
      async (tx) => (await tx.insertInto("newsletters").values(reviewed).returning("id").executeTakeFirstOrThrow()).id,
    );
    const author = await asService(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into auth.users (email, email_confirmed_at) values ('redaktion@example.com', now()) returning id`.execute(
        tx,
      );
      return rows[0].id;
    });
    await asService((tx) => saveDraft(tx, author, id, { subject: "Geändert", preheader: "", body: "Hallo" }));
    expect(await asService((tx) => startSend(tx, id, "all", draftVersion(reviewed)))).toBe("changed");
    expect((await counts(id)).deliveries).toBe(0);
    const status = await asService(
      async (tx) =>
        (await tx.selectFrom("newsletters").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    );
    expect(status).toBe("draft");
    const current = { subject: "Geändert", preheader: "", body_markdown: "Hallo" };
    expect(await asService((tx) => startSend(tx, id, "all", draftVersion(current)))).toBe("started");
    expect(await asService((tx) => startSend(tx, id, "all", draftVersion(current)))).toBe("not-draft");
  });

  it("a text the form takes but that would not fit a mail is refused at its field; what fits can be mailed", async () => {
    const { mailSizeProblem, sendTestMail } = await import("~/server/newsletter/issues.server");
    const draft = (body: string) => ({ subject: "Groß", preheader: "", body });
    // The form's 100,000 characters, plus the footer and sender the text gets.
    expect(mailSizeProblem(draft("x".repeat(99_990)))).toMatch(/^Als E-Mail wird dieser Text zu groß/);
    // Headings grow most when rendered with their inline styles: far fewer characters are too many.
    const headings = (n: number) => draft("# a\n".repeat(n));
    expect(mailSizeProblem(headings(10_000))).not.toBeNull();
    // The most headings that are taken go into the outbox whole (its checks are the database's).
    let [fits, tooMany] = [1, 10_000];
    while (tooMany - fits > 1) {
      const n = Math.floor((fits + tooMany) / 2);
      if (mailSizeProblem(headings(n))) tooMany = n;
      else fits = n;
    }
    const largest = headings(fits);
    expect(mailSizeProblem(largest)).toBeNull();
    await expect(asService((tx) => sendTestMail(tx, "redaktion@example.com", largest))).resolves.toBeTruthy();
  });
});
