import { escapeHtml, mailLayout } from "./layout.server";

/** The local provider's reset mail: a one-time link, valid for `minutes`. */
export function passwordResetMail(input: { link: string; minutes: number }) {
  const lines = [
    "Hallo,",
    "",
    "jemand (hoffentlich du) möchte das Passwort deines BeHappy-Kontos zurücksetzen.",
    `Über diesen Link kannst du ein neues Passwort festlegen. Er ist ${input.minutes} Minuten gültig und funktioniert nur einmal:`,
    "",
    input.link,
    "",
    "Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt unverändert.",
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  const html = [
    "<p>Hallo,</p>",
    "<p>jemand (hoffentlich du) möchte das Passwort deines BeHappy-Kontos zurücksetzen.</p>",
    `<p>Über diesen Link kannst du ein neues Passwort festlegen. Er ist ${input.minutes} Minuten gültig und funktioniert nur einmal:</p>`,
    `<p><a href="${escapeHtml(input.link)}">Neues Passwort festlegen</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.link)}</p>`,
    "<p>Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt unverändert.</p>",
    "<p>Viele Grüße<br>dein BeHappy-Team</p>",
  ].join("");
  return {
    subject: "Passwort zurücksetzen – BeHappy",
    text: lines.join("\n"),
    html: mailLayout("Passwort zurücksetzen", html),
  };
}
