// Newsletter consent history on both engines: every request (with the text shown), confirmation,
// unsubscription and expiry of a subscription is kept in newsletter_consents, whichever function
// changed the row, so asking again no longer wipes out the proof of the earlier consent (Art. 7
// Abs. 1 DSGVO). The member's export carries it; it goes with its subscription.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, uniqueEmail, type Engine } from "./engines";

const token = (label: string) => `${label}-${"t".repeat(40)}-${Math.random().toString(36).slice(2)}`;

async function subscribe(engine: Engine, email: string, consent: string) {
  const confirm = token("confirm");
  const unsubscribe = token("unsubscribe");
  // The server asks on a visitor's behalf (the function is the service role's only).
  await engine
    .asViewer("service_role")
    .query("select * from public.subscribe_newsletter($1, 'Lisa', '', $2, $3, $4)", [
      email,
      consent,
      confirm,
      unsubscribe,
    ]);
  return { confirm, unsubscribe };
}

const call = (engine: Engine, fn: string, value: string) =>
  engine
    .asViewer("anon")
    .query<{ ok: boolean }>(`select public.${fn}($1) as ok`, [value])
    .then((r) => r.rows[0].ok);

const historyOf = (engine: Engine, email: string) =>
  engine.query<{ event: string; consent_text: string | null }>(
    `select c.event, c.consent_text from public.newsletter_consents c
       join public.newsletter_subscriptions s on s.id = c.subscription_id
      where lower(s.email) = lower($1) order by c.at, c.id`,
    [email],
  );

describeEngines("newsletter consent history", (engine, engineName) => {
  let admin: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("consent-admin"));
    await engine().makeAdmin(admin);
  });

  it("asking again after unsubscribing keeps the first consent beside the new one", async () => {
    const e = engine();
    const email = uniqueEmail("zweimal");
    const first = await subscribe(e, email, "Einwilligung, Fassung 1");
    expect(await call(e, "confirm_newsletter", first.confirm)).toBe(true);
    expect(await call(e, "unsubscribe_newsletter", first.unsubscribe)).toBe(true);
    const second = await subscribe(e, email, "Einwilligung, Fassung 2");
    expect(await call(e, "confirm_newsletter", second.confirm)).toBe(true);

    expect(await historyOf(e, email)).toEqual([
      { event: "requested", consent_text: "Einwilligung, Fassung 1" },
      { event: "confirmed", consent_text: null },
      { event: "unsubscribed", consent_text: null },
      { event: "requested", consent_text: "Einwilligung, Fassung 2" },
      { event: "confirmed", consent_text: null },
    ]);
    // The subscription itself holds the current consent, as before.
    const [row] = await e.query<{ consent_text: string; status: string }>(
      "select consent_text, status from public.newsletter_subscriptions where email = $1",
      [email],
    );
    expect(row).toEqual({ consent_text: "Einwilligung, Fassung 2", status: "subscribed" });
  });

  it("on a shop's clock a year ahead, a fresh request is confirmed at once and dated by that clock", async () => {
    const e = engine();
    const email = uniqueEmail("zeitreise");
    await e.query(
      "insert into public.shop_clock (id, skew) values (true, interval '400 days') on conflict (id) do update set skew = excluded.skew",
    );
    try {
      const { confirm, unsubscribe } = await subscribe(e, email, "Ja");
      // The link is minutes old by the shop's clock, not 400 days (migration 20261207110000).
      expect(await call(e, "confirm_newsletter", confirm)).toBe(true);
      expect(await call(e, "unsubscribe_newsletter", unsubscribe)).toBe(true);
      const [dates] = await e.query<{ stamped: boolean }>(
        `select bool_and(t > now() + interval '399 days') as stamped from (
           select s.consent_at as t from public.newsletter_subscriptions s where s.email = $1
           union all select s.created_at from public.newsletter_subscriptions s where s.email = $1
           union all select s.confirmed_at from public.newsletter_subscriptions s where s.email = $1
           union all select c.at from public.newsletter_consents c
             join public.newsletter_subscriptions s on s.id = c.subscription_id where s.email = $1) dates`,
        [email],
      );
      expect(dates.stamped).toBe(true);
    } finally {
      await e.query("delete from public.shop_clock");
    }
  });

  it("a request that ran out unconfirmed is recorded as expired, not as an unsubscription", async () => {
    const e = engine();
    const email = uniqueEmail("abgelaufen");
    await subscribe(e, email, "Ja");
    // What the newsletter-retention job does to an address that had been sent issues before: the
    // request ends and its link with it.
    await e.query(
      "update public.newsletter_subscriptions set status = 'unsubscribed', confirm_token_hash = null where email = $1",
      [email],
    );
    expect((await historyOf(e, email)).map((h) => h.event)).toEqual(["requested", "expired"]);
  });

  it("a request declined with its confirmation mail's own link is recorded as unsubscribed", async () => {
    const e = engine();
    const email = uniqueEmail("nicht-ich");
    const { confirm, unsubscribe } = await subscribe(e, email, "Ja");
    expect(await call(e, "unsubscribe_newsletter", unsubscribe)).toBe(true);
    expect((await historyOf(e, email)).map((h) => h.event)).toEqual(["requested", "unsubscribed"]);
    // And the confirmation link of the same mail subscribes nobody afterwards.
    expect(await call(e, "confirm_newsletter", confirm)).toBe(false);
  });

  it("unsubscribing withdraws the copies of an issue not sent yet; sent ones and other readers' stay", async () => {
    const e = engine();
    const [issue] = await e.query<{ id: string }>(
      "insert into public.newsletters (subject, body_markdown, status, segment) values ('Ausgabe', 'Hallo', 'sending', 'all') returning id",
    );
    const reader = async (label: string, mailStatus: "queued" | "sent") => {
      const email = uniqueEmail(label);
      const [sub] = await e.query<{ id: string }>(
        "insert into public.newsletter_subscriptions (email, status, consent_text, confirmed_at) values ($1, 'subscribed', 'Ja', now()) returning id",
        [email],
      );
      const [mail] = await e.query<{ id: string }>(
        `insert into public.mail_outbox (to_address, subject, text_body, status, bulk, carries_secret, dedupe_key)
         values ($1, 'Ausgabe', 'Hallo', $2, true, true, $3) returning id`,
        [email, mailStatus, `newsletter:${issue.id}:${sub.id}`],
      );
      const link = token(label);
      await e.query(
        `insert into public.newsletter_deliveries (newsletter_id, subscription_id, mail_id, unsubscribe_token_hash)
         values ($1, $2, $3, encode(sha256(convert_to($4, 'UTF8')), 'hex'))`,
        [issue.id, sub.id, mail.id, link],
      );
      return { mail: mail.id, link };
    };
    const leaving = await reader("geht-vor-dem-versand", "queued");
    const staying = await reader("bleibt", "queued");
    const alreadySent = await reader("geht-nach-dem-versand", "sent");
    const mails = () =>
      e
        .query<{ id: string }>("select id from public.mail_outbox where id = any($1::uuid[])", [
          [leaving.mail, staying.mail, alreadySent.mail],
        ])
        .then((rows) => rows.map((row) => row.id).sort());

    expect(await call(e, "unsubscribe_newsletter", leaving.link)).toBe(true);
    expect(await call(e, "unsubscribe_newsletter", alreadySent.link)).toBe(true);
    expect(await mails()).toEqual([staying.mail, alreadySent.mail].sort());
    // The withdrawn copy's delivery goes too (never sent: not queued in the counts, not in the export).
    const deliveries = await e.query<{ mail_id: string }>(
      "select mail_id from public.newsletter_deliveries where newsletter_id = $1 order by mail_id",
      [issue.id],
    );
    expect(deliveries.map((d) => d.mail_id)).toEqual([staying.mail, alreadySent.mail].sort());
  });

  // On PostgreSQL each sign-up has its own connection; PGlite's single session runs them one after another.
  it("sign-ups for a new address at the same moment: only those whose link was stored may mail it", async () => {
    const e = engine();
    const email = uniqueEmail("gleichzeitig");
    const clients =
      engineName === "postgres15"
        ? await Promise.all(Array.from({ length: 8 }, () => e.connectAsViewer!("service_role")))
        : Array.from({ length: 8 }, () => ({ ...e.asViewer("service_role"), close: async () => {} }));
    try {
      const answers = await Promise.all(
        clients.map((client) =>
          client
            .query<{ previous_status: string }>(
              "select previous_status from public.subscribe_newsletter($1, '', '', 'Ja', $2, $3)",
              [email, token("confirm"), token("unsubscribe")],
            )
            .then((result) => result.rows[0].previous_status),
        ),
      );
      expect(answers.filter((answer) => answer === "new")).toHaveLength(1);
      // The app mails a link for every answer but 'raced'; each of those stored its own request.
      const mailed = answers.filter((answer) => answer !== "raced").length;
      const requested = (await historyOf(e, email)).filter((h) => h.event === "requested").length;
      expect(requested).toBe(mailed);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it("the member's export has the history; only admins read the table; it goes with its subscription", async () => {
    const e = engine();
    const email = uniqueEmail("export-einwilligung");
    const member = await e.createUser(email);
    await e.query("update auth.users set email_confirmed_at = now() where id = $1", [member]);
    const { confirm } = await subscribe(e, email, "Ja, bitte.");
    await call(e, "confirm_newsletter", confirm);

    const { rows } = await e
      .asViewer("authenticated", member)
      .query<{ data: { newsletter: { history: unknown[] }[] } }>("select public.export_my_data() as data");
    expect(rows[0].data.newsletter[0].history).toEqual([
      expect.objectContaining({ event: "requested", consent_text: "Ja, bitte.", email }),
      expect.objectContaining({ event: "confirmed", consent_text: null, email }),
    ]);

    const read = (viewer: string) =>
      e
        .asViewer("authenticated", viewer)
        .query(
          "select c.event from public.newsletter_consents c join public.newsletter_subscriptions s on s.id = c.subscription_id where s.email = $1",
          [email],
        )
        .then(
          (r) => r.rows.length,
          () => -1,
        );
    expect(await read(member)).toBe(0);
    expect(await read(admin)).toBe(2);

    await e.query("delete from public.newsletter_subscriptions where email = $1", [email]);
    const [left] = await e.query<{ n: number }>(
      "select count(*)::int as n from public.newsletter_consents where email = $1",
      [email],
    );
    expect(left.n).toBe(0);
  });
});
