import { formatDate, formatPrice } from "~/lib/format";
import { greetingMail, type MailLink } from "~/server/mail/layout.server";

/**
 * The mails of a membership's year: reminders before a Yearly plan ends (30 and 7 days), and the
 * end itself. Sent by the membership sweep (membership-jobs.server.ts) to the account's address.
 */
/** A renewal already ordered and waiting for its bank transfer. */
export interface OpenRenewal {
  number: string;
  amount: number;
  /** ISO 8601: the order's payment deadline. */
  deadline: string;
  link: string;
}

export function renewalReminderMail(input: {
  planName: string;
  until: Date;
  renewLink: string;
  /** Berlin calendar days until the end: said as it is, not as the reminder's tier. */
  daysLeft: number;
  openRenewal?: OpenRenewal | null;
}) {
  const end = formatDate(input.until.toISOString());
  const open = input.openRenewal;
  // An ordered renewal waits only for the money: say that, not "renew now" (a second order is refused).
  const next: (string | MailLink)[][] = open
    ? [
        [
          `Deine Verlängerung ist bestellt (Bestellung ${open.number}). Sie wird aktiv, sobald deine Überweisung über ${formatPrice(open.amount)} eingegangen ist. Bitte überweise den Betrag bis zum ${formatDate(open.deadline)}.`,
          "Die Bankverbindung und den Verwendungszweck findest du hier:",
          { href: open.link, label: "Zahlungsinformationen ansehen", spelledOut: true },
        ],
      ]
    : [
        [
          "Du kannst deine Mitgliedschaft schon jetzt verlängern. Das neue Jahr beginnt erst am Ende des laufenden, du verlierst also keinen Tag:",
          { href: input.renewLink, label: "Mitgliedschaft verlängern", spelledOut: true },
        ],
        ["Wenn du nicht verlängern möchtest, musst du nichts tun: Die Mitgliedschaft endet dann von selbst."],
      ];
  return greetingMail(
    `Deine ${input.planName}-Mitgliedschaft endet am ${end} – BeHappy`,
    "Deine Mitgliedschaft endet bald",
    [
      [
        `deine ${input.planName}-Mitgliedschaft bei BeHappy endet ${input.daysLeft <= 0 ? "heute" : input.daysLeft === 1 ? "morgen" : `in ${input.daysLeft} Tagen`}, am ${end}.`,
        "Bis dahin zahlst du weiter Community-Preise. Danach gelten wieder die regulären Preise.",
      ],
      ...next,
    ],
  );
}

/**
 * The end of a membership, as a fact of the contract. No invitation to buy again: the member did not
 * ask for advertising by mail (§ 7 Abs. 2 Nr. 2 UWG, BGH VI ZR 134/15).
 */
export function membershipEndedMail(input: { planName: string; until: Date; cancelled: boolean }) {
  const end = formatDate(input.until.toISOString());
  return greetingMail(
    `Deine ${input.planName}-Mitgliedschaft ist beendet – BeHappy`,
    "Deine Mitgliedschaft ist beendet",
    [
      [
        input.cancelled
          ? `deine ${input.planName}-Mitgliedschaft bei BeHappy ist wie gekündigt am ${end} beendet.`
          : `deine ${input.planName}-Mitgliedschaft bei BeHappy ist am ${end} abgelaufen.`,
        "Ab jetzt gelten für dich die regulären Preise; Community-Preise erhältst du wieder mit einer neuen Mitgliedschaft. Dein Konto, deine Bestellungen und Rechnungen bleiben erhalten.",
      ],
    ],
  );
}

/** An admin granted, extended or ended the membership: the member hears what holds now. */
export function membershipChangedByAdminMail(input: {
  action: "grant" | "extend" | "end";
  planName: string;
  until: Date | null;
  /** Whether the plan gives community prices (Free does not). */
  communityPrices: boolean;
}) {
  const until = input.until ? formatDate(input.until.toISOString()) : null;
  const term = until ? `gültig bis zum ${until}` : "ohne Enddatum";
  const [subject, title, first] = {
    grant: [
      `Deine ${input.planName}-Mitgliedschaft ist aktiv – BeHappy`,
      "Deine Mitgliedschaft ist aktiv",
      `wir haben dir die ${input.planName}-Mitgliedschaft eingerichtet, ${term}.`,
    ],
    extend: [
      `Deine ${input.planName}-Mitgliedschaft ist verlängert – BeHappy`,
      "Deine Mitgliedschaft ist verlängert",
      `wir haben deine ${input.planName}-Mitgliedschaft verlängert, sie ist jetzt ${term}.`,
    ],
    end: [
      `Deine ${input.planName}-Mitgliedschaft ist beendet – BeHappy`,
      "Deine Mitgliedschaft ist beendet",
      `wir haben deine ${input.planName}-Mitgliedschaft${until ? ` zum ${until}` : ""} beendet.`,
    ],
  }[input.action];
  const prices =
    input.action === "end"
      ? [
          "Ab jetzt gelten für dich die regulären Preise. Dein Konto, deine Bestellungen und Rechnungen bleiben erhalten.",
        ]
      : input.communityPrices
        ? ["Solange sie läuft, zahlst du für Kurse, Veranstaltungen und Produkte die Community-Preise."]
        : [];
  return greetingMail(subject, title, [[first, ...prices], ["Fragen dazu? Antworte einfach auf diese E-Mail."]]);
}
