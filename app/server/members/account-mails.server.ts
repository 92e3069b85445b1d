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

/** A change of the sign-in address: the one-time link to the new address that proves it and makes the change. */
export function emailChangeLinkMail(input: { link: string; hours: number }) {
  return greetingMail("Bitte bestätige deine neue E-Mail-Adresse – BeHappy", "Neue E-Mail-Adresse bestätigen", [
    [
      "du möchtest dich bei BeHappy künftig mit dieser E-Mail-Adresse anmelden. Bitte bestätige, dass sie dir gehört.",
      `Erst dann gilt die neue Adresse. Der Link ist ${input.hours} Stunden gültig und funktioniert nur einmal:`,
    ],
    [{ href: input.link, label: "Neue E-Mail-Adresse bestätigen", spelledOut: true }],
    ["Wenn du das nicht angefordert hast, ignoriere diese E-Mail einfach: Es ändert sich nichts."],
  ]);
}

/**
 * A change to an address that already has an account: the member's page answers as for a free one
 * (it does not tell who has an account), and only the owner of that address learns of it, here.
 */
export function emailChangeTakenMail() {
  return greetingMail("Jemand wollte deine E-Mail-Adresse verwenden – BeHappy", "Diese Adresse hat schon ein Konto", [
    [
      "jemand wollte diese E-Mail-Adresse für ein anderes BeHappy-Konto verwenden. Sie gehört aber schon zu einem Konto, deshalb ändert sich nichts.",
    ],
    [
      "Warst du das und möchtest deine Konten zusammenlegen? Schreib uns über das Kontaktformular. Sonst musst du nichts tun.",
    ],
  ]);
}

/** To the current address when a change is asked for: who owns the account learns of it before it happens. */
export function emailChangeNoticeMail(input: { newEmail: string; resetLink: string }) {
  return greetingMail("Deine E-Mail-Adresse soll geändert werden – BeHappy", "Änderung der E-Mail-Adresse", [
    [
      `für dein BeHappy-Konto wurde gerade eine neue E-Mail-Adresse angegeben: ${input.newEmail}`,
      "Sie gilt erst, wenn jemand den Link bestätigt, den wir an die neue Adresse geschickt haben. Bis dahin meldest du dich wie bisher mit dieser Adresse an.",
    ],
    ["Warst du das? Dann ist alles in Ordnung und du musst nichts tun."],
    [
      "Warst du das nicht? Dann setze dein Passwort sofort über diesen Link zurück, damit niemand sonst dein Konto nutzen kann:",
      { href: input.resetLink, label: "Passwort zurücksetzen", spelledOut: true },
      "Antworte uns danach gern auf diese E-Mail, damit wir dein Konto gemeinsam prüfen können.",
    ],
  ]);
}
