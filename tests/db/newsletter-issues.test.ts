// Newsletter issues (issue 29) on both engines: only admins start a send; a started or sent issue
// is read-only through the API; the send schedules one queue job and a second click changes
// nothing; the personal token of a newsletter mail unsubscribes at once and records the issue.
import { createHash } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

async function draft(engine: Engine, subject: string) {
  const [row] = await engine.query<{ id: string }>(
    "insert into public.newsletters (subject, body_markdown) values ($1, '# Hallo') returning id",
    [subject],
  );
  return row.id;
}

describeEngines("newsletter issues", (engine) => {
  let admin: string;
  let member: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("nl-admin"));
    await engine().makeAdmin(admin);
    member = await engine().createUser(uniqueEmail("nl-member"));
  });

  it("only an admin starts a send; it schedules one job, a second click nothing; then the issue is read-only", async () => {
    const e = engine();
    const id = await draft(e, "Nur für Admins");
    const refused = await errorOf(
      e.asViewer("authenticated", member).query("select public.start_newsletter_send($1::uuid, 'all')", [id]),
    );
    expect(refused.code).toBe("42501");
    const asAdmin = e.asViewer("authenticated", admin);
    const bad = await errorOf(asAdmin.query("select public.start_newsletter_send($1::uuid, 'alle')", [id]));
    expect(bad.code).toBe("22023");
    const first = await asAdmin.query<{ ok: boolean }>(
      "select public.start_newsletter_send($1::uuid, 'members') as ok",
      [id],
    );
    const second = await asAdmin.query<{ ok: boolean }>("select public.start_newsletter_send($1::uuid, 'all') as ok", [
      id,
    ]);
    expect([first.rows[0]!.ok, second.rows[0]!.ok]).toEqual([true, false]);
    const jobs = await e.query<{ n: number }>(
      "select count(*)::int as n from public.jobs where kind = 'newsletter-queue' and payload->>'newsletterId' = $1",
      [id],
    );
    expect(jobs[0]!.n).toBe(1);
    const [issue] = await e.query<{ status: string; segment: string }>(
      "select status, segment from public.newsletters where id = $1",
      [id],
    );
    expect(issue).toEqual({ status: "sending", segment: "members" });
    const update = await asAdmin.query("update public.newsletters set subject = 'Geändert' where id = $1", [id]);
    expect(update.rowCount).toBe(0);
    const remove = await asAdmin.query("delete from public.newsletters where id = $1", [id]);
    expect(remove.rowCount).toBe(0);
    // Status and segment are not the admin's to write directly, not even on a draft.
    const other = await draft(e, "Entwurf");
    const direct = await errorOf(asAdmin.query("update public.newsletters set status = 'sent' where id = $1", [other]));
    expect(direct.code).toBe("42501");
  });

  it("a newsletter mail's token unsubscribes at once, as a visitor, and records the issue it came from", async () => {
    const e = engine();
    const id = await draft(e, "Abmeldetest");
    const [subscription] = await e.query<{ id: string }>(
      "insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at) values ($1, 'subscribed', 'Ja', now()) returning id",
      [uniqueEmail("nl-leser")],
    );
    const token = "t".repeat(20) + Math.random().toString(36).slice(2);
    await e.query(
      "insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash) values ($1, $2, $3)",
      [id, subscription!.id, sha256(token)],
    );
    const answer = await e
      .asViewer("anon")
      .query<{ ok: boolean }>("select public.unsubscribe_newsletter($1) as ok", [token]);
    expect(answer.rows[0]!.ok).toBe(true);
    const [state] = await e.query<{ status: string; consent_text: string; recorded: boolean }>(
      `select s.status, s.consent_text, d.unsubscribed_at is not null as recorded
         from public.newsletter_subscriptions s join public.newsletter_deliveries d on d.subscription_id = s.id
        where s.id = $1`,
      [subscription!.id],
    );
    expect(state).toEqual({ status: "unsubscribed", consent_text: "Ja", recorded: true });
    const unknown = await e
      .asViewer("anon")
      .query<{ ok: boolean }>("select public.unsubscribe_newsletter($1) as ok", ["u".repeat(43)]);
    expect(unknown.rows[0]!.ok).toBe(false);
  });
});
