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
