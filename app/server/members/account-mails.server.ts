import { greetingMail } from "~/server/mail/layout.server";

/** After sign-up (and "Link erneut senden"): the one-time link that proves the address. */
export function emailConfirmationMail(input: { link: string; hours: number }) {
  return greetingMail("Bitte bestätige deine E-Mail-Adresse – BeHappy", "E-Mail-Adresse bestätigen", [
    [
      "willkommen bei BeHappy! Bitte bestätige, dass diese E-Mail-Adresse dir gehört.",
      `Der Link ist ${input.hours} Stunden gültig und funktioniert nur einmal:`,
    ],
    [{ href: input.link, label: "E-Mail-Adresse bestätigen", spelledOut: true }],
    ["Wenn du kein Konto angelegt hast, ignoriere diese E-Mail einfach."],
  ]);
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
  return greetingMail("Du hast schon ein Konto – BeHappy", "Du hast schon ein Konto", [
    [
      "Für diese Adresse gibt es schon ein Konto bei BeHappy. Gerade hat jemand versucht, damit ein neues Konto anzulegen.",
      "Warst du das? Dann melde dich einfach mit deinem Passwort an. Falls du es vergessen hast:",
      validity,
    ],
    [{ href: input.link, label: "Passwort zurücksetzen", spelledOut: false }],
    ["Wenn du das nicht warst, ignoriere diese E-Mail: An deinem Konto hat sich nichts geändert."],
  ]);
}

/** After a password change: the owner learns of it, and how to take the account back if it was not them. */
export function passwordChangedMail(input: { resetLink: string }) {
  return greetingMail("Dein Passwort wurde geändert – BeHappy", "Dein Passwort wurde geändert", [
    ["das Passwort deines BeHappy-Kontos wurde gerade geändert. Alle anderen Sitzungen wurden beendet."],
    ["Warst du das? Dann ist alles in Ordnung und du musst nichts tun."],
    [
      "Warst du das nicht? Dann setze dein Passwort sofort über diesen Link zurück:",
      { href: input.resetLink, label: "Passwort zurücksetzen", spelledOut: true },
      "Antworte uns danach gern auf diese E-Mail, damit wir dein Konto gemeinsam prüfen können.",
    ],
  ]);
}
