export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** A plain, readable HTML frame shared by every mail. */
export function mailLayout(title: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;max-width:640px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}
<hr style="margin-top:32px"><p style="font-size:12px;color:#6b7280">BeHappy · Gemeinsam wachsen</p></body></html>`;
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
