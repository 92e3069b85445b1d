import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { NEWSLETTER_CONSENT_TEXT, type NewsletterInput } from "~/lib/schemas/newsletter";
import { withViewer, type Tx, type Viewer } from "../db/db.server";
import { logger } from "../log.server";
import { publicUrl, sendMail } from "../mail.server";

/** A random one-time token for a mailed link (base64url, 256 bits). Only its hash is stored. */
export function newToken() {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export type SubscribeOutcome = "pending" | "duplicate" | "error";

/**
 * Double opt-in, step 1: store a pending request with the consent text (the database adds the
 * time), then mail the confirmation link. Anon may insert but not read this table, hence no
 * RETURNING. A second request for the same address fails with 23505 (unique lower(email)).
 */
export async function subscribeNewsletter(viewer: Viewer, input: NewsletterInput): Promise<SubscribeOutcome> {
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  try {
    await withViewer(viewer, (tx) =>
      tx
        .insertInto("newsletter_subscriptions")
        .values({
          email: input.email,
          first_name: input.firstName ? input.firstName : null,
          last_name: input.lastName ? input.lastName : null,
          consent_text: NEWSLETTER_CONSENT_TEXT,
          confirm_token_hash: hashToken(confirmToken),
          unsubscribe_token_hash: hashToken(unsubscribeToken),
        })
        .execute(),
    );
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return "duplicate";
    logger.error("newsletter signup failed", { error: (error as Error).message });
    return "error";
  }

  // Mail goes out after the transaction; a delivery problem stays in the outbox and the log.
  try {
    await sendMail(confirmationMail(input, confirmToken, unsubscribeToken));
  } catch (error) {
    logger.error("newsletter confirmation mail failed", { error: (error as Error).message });
  }
  return "pending";
}

export function confirmationMail(input: NewsletterInput, confirmToken: string, unsubscribeToken: string) {
  const confirmUrl = publicUrl(`/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`);
  const unsubscribeUrl = publicUrl(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);
  const greeting = input.firstName ? `Hallo ${input.firstName},` : "Hallo,";
  const text = [
    greeting,
    "",
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
    "",
    "Herzliche Grüße",
    "Dein BeHappy-Team",
  ].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>
<p>schön, dass du den BeHappy-Newsletter erhalten möchtest!<br>Bitte bestätige deine Anmeldung:</p>
<p><a href="${escapeHtml(confirmUrl)}">Anmeldung bestätigen</a></p>
<p>Erst nach deiner Bestätigung schicken wir dir unseren Newsletter. Wenn du dich nicht angemeldet hast, kannst du diese E-Mail einfach ignorieren.</p>
<p style="font-size:12px;color:#5f5349">Du möchtest doch keinen Newsletter? <a href="${escapeHtml(unsubscribeUrl)}">Hier abmelden</a></p>
<p>Herzliche Grüße<br>Dein BeHappy-Team</p>`;
  return { to: input.email, subject: "Bitte bestätige deine Newsletter-Anmeldung", text, html };
}

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Double opt-in, step 2 (and the unsubscribe link): SQL functions that only take the token hash. */
export async function confirmNewsletter(tx: Tx, token: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select public.confirm_newsletter(${hashToken(token)}) as ok`.execute(tx);
  return rows[0]?.ok === true;
}

export async function unsubscribeNewsletter(tx: Tx, token: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select public.unsubscribe_newsletter(${hashToken(token)}) as ok`.execute(
    tx,
  );
  return rows[0]?.ok === true;
}
