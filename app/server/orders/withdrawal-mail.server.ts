import { formatDateTime, orderNumber } from "~/lib/format";
import { operatorAddressLines, type Operator } from "~/lib/operator";
import { publicUrl } from "~/server/http/urls.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";

/**
 * Confirmation of receipt (§ 356a Abs. 3 BGB: on a durable medium, with date and time), with what
 * was declared. Only for an address shown to be the customer's (fileWithdrawal): anywhere else, the
 * words would be a stranger's, mailed in the shop's name (see withdrawalReceivedMail).
 */
export function withdrawalReceiptMail(input: {
  name: string;
  orderReference: string;
  receivedAt: string;
  note?: string;
}) {
  const when = formatDateTime(input.receivedAt);
  const number = orderNumber(input.orderReference);
  const lines = [
    `Hallo ${input.name},`,
    "",
    `dein Widerruf zur Bestellung ${number} ist am ${when} Uhr bei uns eingegangen.`,
    "Wir bearbeiten ihn umgehend und erstatten bereits geleistete Zahlungen innerhalb von 14 Tagen.",
    ...(input.note ? ["", `Deine Anmerkung: ${input.note}`] : []),
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  return {
    subject: `Eingangsbestätigung deines Widerrufs (Bestellung ${number})`,
    text: lines.join("\n"),
    html: mailLayout(
      "Eingangsbestätigung deines Widerrufs",
      lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join(""),
    ),
  };
}

/**
 * The receipt for an address nobody has shown to be the sender's (the form needs no account): date
 * and time, the shop's contact, nothing the sender typed. The order number only when the shop
 * matched it to an order of this very address, so it is the shop's own fact, not an echo.
 */
export function withdrawalReceivedMail(input: {
  receivedAt: string;
  matchedReference: string | null;
  operator: Operator;
}) {
  const { operator } = input;
  const matchedReference = input.matchedReference && orderNumber(input.matchedReference);
  const when = formatDateTime(input.receivedAt);
  const lines = [
    "Hallo,",
    "",
    `am ${when} Uhr ist bei uns eine Widerrufserklärung eingegangen, in der diese E-Mail-Adresse angegeben ist.`,
    ...(matchedReference ? [`Sie betrifft die Bestellung ${matchedReference}.`] : []),
    "Wir prüfen den Widerruf und melden uns bei dir, falls wir etwas von dir brauchen.",
    "",
    "Du hast keinen Widerruf erklärt? Dann gib uns bitte kurz Bescheid.",
    "",
    "So erreichst du uns:",
    ...operatorAddressLines(operator),
    `E-Mail: ${operator.email}`,
    `Telefon: ${operator.phoneDisplay}`,
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  return {
    subject: matchedReference
      ? `Eingangsbestätigung: Widerruf zur Bestellung ${matchedReference}`
      : "Eingangsbestätigung: Widerruf eingegangen",
    text: lines.join("\n"),
    html: mailLayout("Widerruf eingegangen", lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("")),
  };
}

/** To the shop: every withdrawal, matched to an order or not, so none goes unnoticed. */
export function buildWithdrawalNotificationMail(data: {
  name: string;
  email: string;
  orderReference: string;
  receivedAt: string;
  note: string | null;
  matched: boolean;
}) {
  const when = formatDateTime(data.receivedAt);
  // Written as the order mail, the order pages and the admin area write it: lower case.
  const reference = orderNumber(data.orderReference);
  const lines = [
    `Neuer Widerruf, eingegangen am ${when} Uhr.`,
    "",
    `Name: ${data.name}`,
    `E-Mail: ${data.email}`,
    `Bestellnummer (Angabe): ${reference}`,
    `Anmerkung: ${data.note ?? "–"}`,
    "",
    data.matched
      ? "Der Widerruf ist der Bestellung mit dieser Nummer und E-Mail-Adresse zugeordnet. Erledigt ist er, sobald die Bestellung storniert ist."
      : "Nicht zugeordnet: Keine Bestellung passt zu Nummer und E-Mail-Adresse. Bitte im Admin-Bereich unter „Widerrufe“ prüfen und von Hand zuordnen.",
    "",
    `Widerrufe im Admin-Bereich: ${publicUrl("/admin/withdrawals")}`,
  ];
  return {
    subject: `Widerruf eingegangen: ${reference}${data.matched ? "" : " (nicht zugeordnet)"}`,
    text: lines.join("\n"),
    html: mailLayout("Widerruf eingegangen", lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("")),
    attachments: [],
  };
}
