// Messages: newsletter, contact form and the mail outbox.
import { type TableCase, X, inbox } from "./matrix";

export const MESSAGES_TABLES: Record<string, TableCase> = {
  newsletter_subscriptions: {
    where: "id = $1",
    key: (i) => i.newsletter,
    insert: () => [
      "insert into public.newsletter_subscriptions (email, consent_text) values ('matrix@example.com', 'Ja, ich will den Newsletter.')",
      [],
    ],
    set: "status = status",
    // Only the server subscribes (public.subscribe_newsletter, service_role): no API role inserts,
    // so no row carries a token hash of a caller's choosing.
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["none", X, "none", "none"],
      admin: ["ok", X, "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  contact_messages: {
    where: "id = $1",
    key: (i) => i.contact,
    insert: () => [
      "insert into public.contact_messages (name, email, message) values ('Max', 'max@example.com', 'Hallo!')",
      [],
    ],
    set: "status = 'read'",
    expect: inbox,
  },
  mail_outbox: {
    where: "id = $1",
    key: (i) => i.outbox,
    insert: () => [
      "insert into public.mail_outbox (to_address, subject, text_body) values ('a@example.com', 'Betreff', 'Text')",
      [],
    ],
    set: "sent_at = now()",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletters: {
    // Admins write drafts; a sent one is read-only (the fixture is a draft).
    where: "id = $1",
    key: (i) => i.newsletterIssue,
    insert: () => ["insert into public.newsletters (subject) values ('Neu')", []],
    set: "subject = subject",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, "none", "none"],
      owner: ["none", X, "none", "none"],
      admin: ["ok", "ok", "ok", "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletter_deliveries: {
    // Written by the server's queue job only; admins read the counts.
    where: "newsletter_id = $1",
    key: (i) => i.newsletterIssue,
    insertSetup: () => ["insert into public.newsletters (subject) values ('Matrix zwei')"],
    insert: (i) => [
      "insert into public.newsletter_deliveries (newsletter_id, subscription_id, unsubscribe_token_hash) select n.id, $1, repeat('c', 64) from public.newsletters n where n.subject = 'Matrix zwei'",
      [i.newsletter],
    ],
    set: "unsubscribed_at = unsubscribed_at",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  newsletter_consents: {
    // Written by the trigger on newsletter_subscriptions only; admins read the proof of consent.
    where: "subscription_id = $1",
    key: (i) => i.newsletter,
    insert: (i) => [
      "insert into public.newsletter_consents (subscription_id, event, email) values ($1, 'confirmed', 'matrix@example.com')",
      [i.newsletter],
    ],
    set: "event = event",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
};
