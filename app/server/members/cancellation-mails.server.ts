import { formatDate, formatDateTime } from "~/lib/format";
import { KIND_LABELS, type CancellationKind } from "~/lib/schemas/cancellation";
import { publicUrl } from "~/server/http/urls.server";
import { escapeHtml, greetingMail, mailLayout } from "~/server/mail/layout.server";

/** The end rule for a receipt that cannot name a date (no membership matched yet). */
export const END_RULE =
  "Eine Yearly-Mitgliedschaft endet zum Ende des bezahlten Jahres (bei einer außerordentlichen Kündigung zum gewünschten Datum oder sofort); eine Lifetime- oder Free-Mitgliedschaft endet zum gewünschten Datum oder sofort. Das genaue Datum bestätigen wir dir, sobald wir die Kündigung zugeordnet haben.";

const kindLine = (kind: CancellationKind) => `Art der Kündigung: ${KIND_LABELS[kind]}`;
const wishedEndLine = (wishedEnd: string | null) =>
  `Gewünschtes Ende: ${wishedEnd ? formatDate(wishedEnd) : "zum nächstmöglichen Zeitpunkt"}`;
const planLabel = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

export interface CancellationMailData {
  kind: CancellationKind;
  receivedAt: string;
  /** Set when the declaration changed the sender's own membership. */
  endsAt: string | null;
  plan: string | null;
  /** The end has come already (an außerordentliche Kündigung "sofort"): nothing is left to take back. */
  endedNow: boolean;
}

/** When the membership ends, and (while it runs) that the cancellation can still be taken back. */
function endParagraphs(data: CancellationMailData): string[][] {
  if (!data.endsAt) return [];
  const plan = `Deine ${data.plan ? `${planLabel(data.plan)}-` : ""}Mitgliedschaft`;
  if (data.endedNow) return [[`${plan} ist damit am ${formatDate(data.endsAt)} beendet.`]];
  return [
    [`${plan} endet am ${formatDate(data.endsAt)}.`],
    [`Bis dahin kannst du die Kündigung in deinem Dashboard zurücknehmen: ${publicUrl("/dashboard")}`],
  ];
}

/**
 * The receipt (Textform, § 312k Abs. 4 BGB) for the signed-in member's own confirmed address: what
 * they declared, when it arrived, and when the membership ends.
 */
export function cancellationReceiptMail(
  data: CancellationMailData & {
    name: string;
    reason: string | null;
    contract: string | null;
    wishedEnd: string | null;
  },
) {
  const content = [
    kindLine(data.kind),
    ...(data.reason ? [`Grund: ${data.reason}`] : []),
    `Name: ${data.name}`,
    `Vertrag: ${data.contract ?? "deine Mitgliedschaft"}`,
    wishedEndLine(data.wishedEnd),
  ];
  return greetingMail("Eingangsbestätigung deiner Kündigung", "Kündigung eingegangen", [
    [`deine Kündigung ist am ${formatDateTime(data.receivedAt)} Uhr bei uns eingegangen.`],
    content,
    ...(data.endsAt ? endParagraphs(data) : [[END_RULE]]),
  ]);
}

/**
 * The receipt for any other address (the form needs no account): kind, time of receipt, the end
 * asked for (a date the form checked) and the end: the date, when a signed-in member's declaration
 * applied to their membership at once (§ 312k Abs. 4: when the contract ends), else the end rule.
 * No text the sender typed, so the shop never mails a stranger's words in its own name. The whole
 * declaration is on the receipt page.
 */
export function cancellationReceivedMail(
  data: Pick<CancellationMailData, "kind" | "receivedAt"> & {
    wishedEnd: string | null;
    /** The applied declaration's end, as for the receipt; null while it is not matched. */
    applied: CancellationMailData | null;
  },
) {
  return greetingMail("Eingangsbestätigung: Kündigung eingegangen", "Kündigung eingegangen", [
    [
      `am ${formatDateTime(data.receivedAt)} Uhr ist bei uns eine Kündigung eingegangen, in der diese E-Mail-Adresse angegeben ist.`,
      kindLine(data.kind),
      wishedEndLine(data.wishedEnd),
    ],
    ...(data.applied?.endsAt ? endParagraphs(data.applied) : [[END_RULE]]),
    ["Du hast nichts gekündigt? Dann gib uns bitte kurz Bescheid."],
  ]);
}

/** To the member's account address, after an admin matched their declaration by hand. */
export function cancellationMatchedMail(data: CancellationMailData) {
  return greetingMail("Deine Kündigung ist zugeordnet", "Kündigung zugeordnet", [
    [
      `wir haben deine Kündigung vom ${formatDateTime(data.receivedAt)} Uhr deiner Mitgliedschaft zugeordnet.`,
      kindLine(data.kind),
    ],
    ...(data.endsAt ? endParagraphs(data) : [["Zu deinem Konto gibt es keine laufende Mitgliedschaft."]]),
  ]);
}

/** To the member, after they took their cancellation back in the dashboard. */
export function cancellationWithdrawnMail(data: { until: string | null }) {
  return greetingMail("Deine Kündigung ist zurückgenommen", "Kündigung zurückgenommen", [
    [
      "du hast deine Kündigung zurückgenommen. Deine Mitgliedschaft läuft weiter" +
        (data.until ? ` bis zum ${formatDate(data.until)}.` : " ohne Enddatum."),
    ],
  ]);
}

/** To the shop: every declaration with everything typed, matched or not. */
export function cancellationNotificationMail(data: {
  kind: CancellationKind;
  reason: string | null;
  name: string;
  email: string;
  contract: string | null;
  wishedEnd: string | null;
  confirmationEmail: string;
  receivedAt: string;
  endsAt: string | null;
  matched: boolean;
}) {
  const lines = [
    `Neue Kündigung, eingegangen am ${formatDateTime(data.receivedAt)} Uhr.`,
    "",
    kindLine(data.kind),
    `Grund: ${data.reason ?? "–"}`,
    `Name: ${data.name}`,
    `E-Mail: ${data.email}`,
    `Vertrag (Angabe): ${data.contract ?? "–"}`,
    wishedEndLine(data.wishedEnd),
    `Bestätigung an: ${data.confirmationEmail}`,
    "",
    data.matched
      ? `Zugeordnet (angemeldetes Mitglied). ${data.endsAt ? `Mitgliedschaft endet am ${formatDate(data.endsAt)}.` : "Keine laufende Mitgliedschaft."}`
      : "Nicht zugeordnet: Bitte im Admin-Bereich unter „Kündigungen“ prüfen und von Hand zuordnen.",
    "",
    `Kündigungen im Admin-Bereich: ${publicUrl("/admin/kuendigungen")}`,
  ];
  return {
    subject: `Kündigung eingegangen${data.matched ? "" : " (nicht zugeordnet)"}`,
    text: lines.join("\n"),
    html: mailLayout("Kündigung eingegangen", lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("")),
  };
}
