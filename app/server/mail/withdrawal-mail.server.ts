import { formatDateTime } from "~/lib/format";
import { escapeHtml, mailLayout } from "./layout.server";

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
