import { operator } from "~/server/platform/operator.server";

export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/**
 * Who sends the mail, as a business letter names its sender (§ 35a GmbHG: company, seat, register,
 * managing director; § 5 DDG for the newsletter): under every mail the shop writes.
 */
export function senderLines() {
  const op = operator();
  return [
    op.company,
    `${op.street}, ${op.postalCode} ${op.city}`,
    op.managingDirector && `Geschäftsführung: ${op.managingDirector}`,
    op.registerCourt && op.registerNumber && `Registergericht: ${op.registerCourt}, ${op.registerNumber}`,
    op.vatId ? `USt-IdNr.: ${op.vatId}` : op.taxNumber && `Steuernummer: ${op.taxNumber}`,
    op.email,
  ].filter((line): line is string => Boolean(line));
}

const SIGNATURE_SEPARATOR = "\n\n-- \n";

/** The text part with the sender under a signature separator (once, whoever adds it). */
export function withSender(text: string) {
  return text.includes(SIGNATURE_SEPARATOR) ? text : `${text}${SIGNATURE_SEPARATOR}${senderLines().join("\n")}`;
}

/** A plain, readable HTML frame shared by every mail, with the sender at its foot. */
export function mailLayout(title: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;max-width:640px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}
<hr style="margin-top:32px"><p style="font-size:12px;color:#6b7280">${senderLines().map(escapeHtml).join("<br>")}</p></body></html>`;
}

/** The link a mail is about: an anchor in HTML (with the address spelled out below if `spelledOut`), the bare URL in text. */
export type MailLink = { href: string; label: string; spelledOut: boolean };

/**
 * A short mail in both forms from the same paragraphs: "Hallo," (or "Hallo Name," when the caller
 * may name the reader: only to an address its owner confirmed, docs/security.md), the blocks, the
 * team's greeting. Text puts a blank line between blocks and a line break between a block's lines;
 * HTML gives each line its own paragraph.
 */
export function greetingMail(
  subject: string,
  title: string,
  blocks: (string | MailLink)[][],
  name: string | null = null,
) {
  const hello = name ? `Hallo ${name},` : "Hallo,";
  const lineText = (line: string | MailLink) => (typeof line === "string" ? line : line.href);
  const lineHtml = (line: string | MailLink) =>
    typeof line === "string"
      ? `<p>${escapeHtml(line)}</p>`
      : `<p><a href="${escapeHtml(line.href)}">${escapeHtml(line.label)}</a></p>` +
        (line.spelledOut ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(line.href)}</p>` : "");
  const text = [[hello], ...blocks, ["Viele Grüße", "dein BeHappy-Team"]]
    .map((block) => block.map(lineText).join("\n"))
    .join("\n\n");
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...blocks.flat().map(lineHtml),
    "<p>Viele Grüße<br>dein BeHappy-Team</p>",
  ].join("");
  return { subject, text, html: mailLayout(title, html) };
}
