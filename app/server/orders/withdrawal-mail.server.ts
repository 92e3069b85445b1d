import { formatDateTime } from "~/lib/format";
import { publicUrl } from "~/server/http/urls.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";

/** Confirmation of receipt (§ 356a Abs. 3 BGB: on a durable medium, with date and time). */
export function withdrawalReceiptMail(input: {
  name: string;
  orderReference: string;
  receivedAt: string;
  note?: string;
}) {
  const when = formatDateTime(input.receivedAt);
  const lines = [
    `Hallo ${input.name},`,
    "",
    `dein Widerruf zur Bestellung ${input.orderReference} ist am ${when} Uhr bei uns eingegangen.`,
    "Wir bearbeiten ihn umgehend und erstatten bereits geleistete Zahlungen innerhalb von 14 Tagen.",
    ...(input.note ? ["", `Deine Anmerkung: ${input.note}`] : []),
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ];
  return {
    subject: `Eingangsbestätigung deines Widerrufs (Bestellung ${input.orderReference})`,
    text: lines.join("\n"),
    html: mailLayout(
      "Eingangsbestätigung deines Widerrufs",
      lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join(""),
    ),
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
  const lines = [
    `Neuer Widerruf, eingegangen am ${when} Uhr.`,
    "",
    `Name: ${data.name}`,
    `E-Mail: ${data.email}`,
    `Bestellnummer (Angabe): ${data.orderReference}`,
    `Anmerkung: ${data.note ?? "–"}`,
    "",
    data.matched
      ? "Der Widerruf ist der Bestellung mit dieser Nummer und E-Mail-Adresse zugeordnet."
      : "Nicht zugeordnet: Keine Bestellung passt zu Nummer und E-Mail-Adresse. Bitte im Admin-Bereich unter „Widerrufe“ prüfen und von Hand zuordnen.",
    "",
    `Widerrufe im Admin-Bereich: ${publicUrl("/admin/withdrawals")}`,
  ];
  return {
    subject: `Widerruf eingegangen: ${data.orderReference}${data.matched ? "" : " (nicht zugeordnet)"}`,
    text: lines.join("\n"),
    html: mailLayout("Widerruf eingegangen", lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("")),
    attachments: [],
  };
}
