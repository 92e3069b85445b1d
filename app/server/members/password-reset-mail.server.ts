import { greetingMail } from "~/server/mail/layout.server";

/** The local provider's reset mail: a one-time link, valid for `minutes`. */
export function passwordResetMail(input: { link: string; minutes: number }) {
  return greetingMail("Passwort zurücksetzen – BeHappy", "Passwort zurücksetzen", [
    [
      "jemand (hoffentlich du) möchte das Passwort deines BeHappy-Kontos zurücksetzen.",
      `Über diesen Link kannst du ein neues Passwort festlegen. Er ist ${input.minutes} Minuten gültig und funktioniert nur einmal:`,
    ],
    [{ href: input.link, label: "Neues Passwort festlegen", spelledOut: true }],
    ["Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt unverändert."],
  ]);
}
