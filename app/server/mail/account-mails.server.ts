import { escapeHtml, mailLayout } from "./layout.server";

/** After sign-up (and "Link erneut senden"): the one-time link that proves the address. */
export function emailConfirmationMail(input: { link: string; hours: number }) {
  const lines = [
    "Hallo,",
    "",
    "willkommen bei BeHappy! Bitte bestätige, dass diese E-Mail-Adresse dir gehört.",
    `Der Link ist ${input.hours} Stunden gültig und funktioniert nur einmal:`,
    "",
    input.link,
    "",
    "Wenn du kein Konto angelegt hast, ignoriere diese E-Mail einfach.",
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  const html = [
    "<p>Hallo,</p>",
    "<p>willkommen bei BeHappy! Bitte bestätige, dass diese E-Mail-Adresse dir gehört.</p>",
    `<p>Der Link ist ${input.hours} Stunden gültig und funktioniert nur einmal:</p>`,
    `<p><a href="${escapeHtml(input.link)}">E-Mail-Adresse bestätigen</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.link)}</p>`,
    "<p>Wenn du kein Konto angelegt hast, ignoriere diese E-Mail einfach.</p>",
    "<p>Viele Grüße<br>dein BeHappy-Team</p>",
  ].join("");
  return {
    subject: "Bitte bestätige deine E-Mail-Adresse – BeHappy",
    text: lines.join("\n"),
    html: mailLayout("E-Mail-Adresse bestätigen", html),
  };
}

/**
 * Sign-up with an address that already has an account: the page answers as for a new one, and
 * only the owner learns (here) that someone tried, with a way back in.
 */
export function accountExistsMail(input: { link: string; minutes: number | null }) {
  const validity =
    input.minutes === null
      ? "Über diesen Link kannst du ein neues Passwort anfordern:"
      : `Über diesen Link kannst du ein neues Passwort festlegen (${input.minutes} Minuten gültig, nur einmal nutzbar):`;
  const lines = [
    "Hallo,",
    "",
    "Für diese Adresse gibt es schon ein Konto bei BeHappy. Gerade hat jemand versucht, damit ein neues Konto anzulegen.",
    "Warst du das? Dann melde dich einfach mit deinem Passwort an. Falls du es vergessen hast:",
    validity,
    "",
    input.link,
    "",
    "Wenn du das nicht warst, ignoriere diese E-Mail: An deinem Konto hat sich nichts geändert.",
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  const html = [
    "<p>Hallo,</p>",
    "<p>Für diese Adresse gibt es schon ein Konto bei BeHappy. Gerade hat jemand versucht, damit ein neues Konto anzulegen.</p>",
    "<p>Warst du das? Dann melde dich einfach mit deinem Passwort an. Falls du es vergessen hast:</p>",
    `<p>${escapeHtml(validity)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Passwort zurücksetzen</a></p>`,
    "<p>Wenn du das nicht warst, ignoriere diese E-Mail: An deinem Konto hat sich nichts geändert.</p>",
    "<p>Viele Grüße<br>dein BeHappy-Team</p>",
  ].join("");
  return {
    subject: "Du hast schon ein Konto – BeHappy",
    text: lines.join("\n"),
    html: mailLayout("Du hast schon ein Konto", html),
  };
}

/** After a password change: the owner learns of it, and how to take the account back if it was not them. */
export function passwordChangedMail(input: { resetLink: string }) {
  const lines = [
    "Hallo,",
    "",
    "das Passwort deines BeHappy-Kontos wurde gerade geändert. Alle anderen Sitzungen wurden beendet.",
    "",
    "Warst du das? Dann ist alles in Ordnung und du musst nichts tun.",
    "",
    "Warst du das nicht? Dann setze dein Passwort sofort über diesen Link zurück:",
    input.resetLink,
    "Antworte uns danach gern auf diese E-Mail, damit wir dein Konto gemeinsam prüfen können.",
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  const html = [
    "<p>Hallo,</p>",
    "<p>das Passwort deines BeHappy-Kontos wurde gerade geändert. Alle anderen Sitzungen wurden beendet.</p>",
    "<p>Warst du das? Dann ist alles in Ordnung und du musst nichts tun.</p>",
    "<p>Warst du das nicht? Dann setze dein Passwort sofort zurück:</p>",
    `<p><a href="${escapeHtml(input.resetLink)}">Passwort zurücksetzen</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.resetLink)}</p>`,
    "<p>Antworte uns danach gern auf diese E-Mail, damit wir dein Konto gemeinsam prüfen können.</p>",
    "<p>Viele Grüße<br>dein BeHappy-Team</p>",
  ].join("");
  return {
    subject: "Dein Passwort wurde geändert – BeHappy",
    text: lines.join("\n"),
    html: mailLayout("Dein Passwort wurde geändert", html),
  };
}
