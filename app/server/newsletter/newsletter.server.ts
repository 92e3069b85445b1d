import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { NEWSLETTER_CONSENT_TEXT, type NewsletterInput } from "~/lib/schemas/newsletter";
import { asService, type Tx } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { allowedWithin } from "~/server/http/rate-limit.server";
import { signupExpired } from "~/server/newsletter/newsletter-retention.server";

/** A random one-time token for a mailed link (base64url, 256 bits). Only its hash is stored. */
export function newToken() {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Double opt-in, step 1. subscribe_newsletter (service_role only) stores the request with the
 * consent text and the hashes of two fresh tokens, which it computes itself; only this mail carries
 * the tokens, and it is queued in the same transaction. The visitor's answer is the same whether or
 * not the address was known (no subscriber oracle): a known, confirmed address gets a notice mail
 * instead of a new link.
 */
export async function subscribeNewsletter(tx: Tx, input: NewsletterInput): Promise<void> {
  // Counted before anything is stored: a request over the limit changes nothing, so the links
  // already mailed keep working (a new request replaces them, and its mail would not be sent).
  if (!(await allowedWithin(tx, "newsletterMailPerEmail", input.email.trim().toLowerCase()))) return;
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const { rows } = await sql<{ previous_status: string; stored_email: string }>`
    select previous_status, stored_email from public.subscribe_newsletter(${input.email}, ${input.firstName ?? ""},
      ${input.lastName ?? ""}, ${NEWSLETTER_CONSENT_TEXT}, ${confirmToken}, ${unsubscribeToken})`.execute(tx);
  const answer = rows[0]!;
  // A request for the same address at the same moment stored its tokens instead and mails them.
  if (answer.previous_status === "raced") return;
  // To the address as stored; a delivery problem stays in the outbox and the log.
  const to = { ...input, email: answer.stored_email };
  if (answer.previous_status === "subscribed") await enqueueMail(tx, alreadySubscribedMail(to));
  // Its confirm and unsubscribe links carry tokens.
  else await enqueueMail(tx, confirmationMail(to, confirmToken, unsubscribeToken), { secret: true });
}

/**
 * The frame of both newsletter mails: greeting, the body, the team's regards. The greeting names
 * nobody: whoever sent the form has not shown the address is theirs, so nothing they typed (the
 * optional names) goes into a mail to it; the names are kept with the subscription only.
 */
function newsletterMail(input: NewsletterInput, subject: string, body: { text: string[]; html: string }) {
  const text = ["Hallo,", "", ...body.text, "", "Viele Grüße", "dein BeHappy-Team"].join("\n");
  const html = mailLayout(
    subject,
    `<p>Hallo,</p>
${body.html}
<p>Viele Grüße<br>dein BeHappy-Team</p>`,
  );
  return { to: input.email, subject, text, html };
}

export function alreadySubscribedMail(input: NewsletterInput) {
  return newsletterMail(input, "Du erhältst den BeHappy-Newsletter bereits", {
    text: [
      "jemand hat gerade den BeHappy-Newsletter für diese Adresse bestellt – du erhältst ihn bereits.",
      "Du musst nichts tun. Abmelden kannst du dich jederzeit über den Link in jeder Newsletter-Ausgabe.",
    ],
    html: `<p>jemand hat gerade den BeHappy-Newsletter für diese Adresse bestellt – du erhältst ihn bereits.</p>
<p>Du musst nichts tun. Abmelden kannst du dich jederzeit über den Link in jeder Newsletter-Ausgabe.</p>`,
  });
}

export function confirmationMail(input: NewsletterInput, confirmToken: string, unsubscribeToken: string) {
  const confirmUrl = publicUrl(`/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
  const unsubscribeUrl = publicUrl(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);
  return newsletterMail(input, "Bitte bestätige deine Newsletter-Anmeldung", {
    text: [
      "schön, dass du den BeHappy-Newsletter erhalten möchtest!",
      "Bitte bestätige deine Anmeldung mit einem Klick auf diesen Link:",
      "",
      confirmUrl,
      "",
      "Erst nach deiner Bestätigung schicken wir dir unseren Newsletter. Wenn du dich nicht angemeldet hast,",
      "kannst du diese E-Mail einfach ignorieren – dann bekommst du von uns keine weiteren Nachrichten.",
      "",
      "Du möchtest doch keinen Newsletter? Hier kannst du dich jederzeit abmelden:",
      unsubscribeUrl,
    ],
    html: `<p>schön, dass du den BeHappy-Newsletter erhalten möchtest!<br>Bitte bestätige deine Anmeldung:</p>
<p><a href="${escapeHtml(confirmUrl)}">Anmeldung bestätigen</a></p>
<p>Erst nach deiner Bestätigung schicken wir dir unseren Newsletter. Wenn du dich nicht angemeldet hast, kannst du diese E-Mail einfach ignorieren.</p>
<p style="font-size:12px;color:#5f5349">Du möchtest doch keinen Newsletter? <a href="${escapeHtml(unsubscribeUrl)}">Hier abmelden</a></p>`,
  });
}

/** Double opt-in, step 2 (and the unsubscribe link): the SQL functions hash the token themselves. */
export async function confirmNewsletter(tx: Tx, token: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select public.confirm_newsletter(${token}) as ok`.execute(tx);
  return rows[0]?.ok === true;
}

/**
 * What a mailed link stands for, read for the link's page (a GET changes nothing): "done" when its
 * work is done already (a confirmation link of a confirmed subscription, an unsubscribe link, the
 * subscription's own or a newsletter mail's, of an unsubscribed one), "unknown" when it can do nothing
 * (no subscription has it, say a confirmation link a newer mail replaced, or it would confirm an
 * unsubscribed address), else "open". So a link opened again says so
 * instead of asking again, and a dead one says so before its button is pressed.
 */
export async function tokenState(
  tx: Tx,
  kind: "confirm" | "unsubscribe",
  token: string,
): Promise<"open" | "done" | "unknown"> {
  const hash = hashToken(token);
  const row = await asService(tx, () =>
    kind === "confirm"
      ? tx
          .selectFrom("newsletter_subscriptions")
          .select(
            sql<string>`case when status = 'pending' and ${signupExpired} then 'expired' else status end`.as("status"),
          )
          .where("confirm_token_hash", "=", hash)
          .executeTakeFirst()
      : tx
          .selectFrom("newsletter_subscriptions")
          .select("status")
          .where((eb) =>
            eb.or([
              eb("unsubscribe_token_hash", "=", hash),
              eb(
                "id",
                "in",
                eb
                  .selectFrom("newsletter_deliveries")
                  .select("subscription_id")
                  .where("unsubscribe_token_hash", "=", hash),
              ),
            ]),
          )
          .executeTakeFirst(),
  );
  if (!row) return "unknown";
  if (kind === "unsubscribe") return row.status === "unsubscribed" ? "done" : "open";
  // An unsubscribed address is not subscribed again by an old confirmation link, nor a pending one
  // by a link older than UNCONFIRMED_SIGNUP_DAYS (confirm_newsletter).
  return row.status === "subscribed" ? "done" : row.status === "pending" ? "open" : "unknown";
}

export async function unsubscribeNewsletter(tx: Tx, token: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select public.unsubscribe_newsletter(${token}) as ok`.execute(tx);
  return rows[0]?.ok === true;
}
