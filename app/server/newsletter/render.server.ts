import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { CTA_LINE } from "~/lib/schemas/newsletter-issue";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";
import { publicUrl } from "~/server/http/urls.server";

/**
 * A newsletter's Markdown as mail HTML and plain text. markdown-it with raw HTML off turns `<script>`
 * into text; sanitize-html then keeps only an allow-list (no script, no style or class from the
 * text, links only https/http/mailto, images only https, no width/height, so no 1×1 pixel either).
 * The shop adds no tracking of its own: no pixel, no redirecting links. The one button is built
 * here, after sanitising, so only its own fixed style reaches the mail.
 */
type Token = ReturnType<InstanceType<typeof MarkdownIt>["parse"]>[number];

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

/** A path on the shop ("/courses/…") as the whole address: in a mail client a bare path leads nowhere. */
const absolute = (href: string) => (href.startsWith("/") && !href.startsWith("//") ? publicUrl(href) : href);

markdown.core.ruler.push("shop_links", (state) => {
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      if (token.type === "link_open") token.attrSet("href", absolute(String(token.attrGet("href") ?? "")));
    }
  }
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "img",
    "code",
    "pre",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"], ol: ["start"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // An image whose address was not https lost its src above: nothing of it stays.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Our own inline styles (mail clients ignore stylesheets); the text brings none. */
const STYLES: Record<string, string> = {
  h1: "font-size:24px;margin:24px 0 8px",
  h2: "font-size:20px;margin:20px 0 8px",
  h3: "font-size:17px;margin:16px 0 8px",
  img: "max-width:100%;height:auto;border:0",
  a: "color:#7c3aed",
  blockquote: "margin:0;padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563",
};

function styled(html: string) {
  return sanitizeHtml(html, {
    allowedTags: SANITIZE.allowedTags,
    allowedAttributes: Object.fromEntries(
      [...(SANITIZE.allowedTags || [])].map((tag) => [
        tag,
        [...((SANITIZE.allowedAttributes as Record<string, string[]>)[tag] ?? []), "style"],
      ]),
    ),
    allowedSchemes: SANITIZE.allowedSchemes,
    allowedSchemesByTag: SANITIZE.allowedSchemesByTag,
    transformTags: Object.fromEntries(
      Object.entries(STYLES).map(([tag, style]) => [
        tag,
        (tagName, attribs) => ({ tagName, attribs: { ...attribs, style } }),
      ]),
    ),
  });
}

export interface CtaButton {
  label: string;
  href: string;
}

/** The Markdown around the button, and the button itself (validated by the schema before). */
function splitCta(body: string): { before: string; after: string; cta: CtaButton | null } {
  const match = [...body.matchAll(CTA_LINE)][0];
  if (!match || match.index === undefined) return { before: body, after: "", cta: null };
  const href = absolute(match[2]!);
  const cta = /^https?:\/\//i.test(href) ? { label: match[1]!.trim(), href } : null;
  return { before: body.slice(0, match.index), after: body.slice(match.index + match[0].length), cta };
}

export function renderMarkdownHtml(source: string) {
  return styled(sanitizeHtml(markdown.render(source), SANITIZE));
}

function buttonHtml(cta: CtaButton) {
  return `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(cta.href)}" style="display:inline-block;background:#7c3aed;color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(cta.label)}</a></p>`;
}

/** Markdown as readable text: markdown-it's tokens, links spelled out, images as their description. */
export function renderMarkdownText(source: string): string {
  const lines: string[] = [];
  const tokens = markdown.parse(source, {});
  let prefix = "";
  // One entry per open list: the next number of an ordered one, null for bullets.
  const lists: (number | null)[] = [];
  tokens.forEach((token, index) => {
    const listDepth = lists.length;
    switch (token.type) {
      case "bullet_list_open":
        lists.push(null);
        break;
      case "ordered_list_open":
        lists.push(Number(token.attrGet("start") ?? 1));
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        if (lists.length === 0) lines.push("");
        break;
      case "list_item_open": {
        const next = lists[listDepth - 1];
        const marker = next === null || next === undefined ? "-" : `${next}.`;
        if (typeof next === "number") lists[listDepth - 1] = next + 1;
        prefix = `${"  ".repeat(Math.max(0, listDepth - 1))}${marker} `;
        break;
      }
      case "hr":
        lines.push("----------", "");
        break;
      case "fence":
      case "code_block":
        lines.push(token.content.trimEnd(), "");
        break;
      case "inline": {
        const text = inlineText(token.children ?? []);
        lines.push(prefix + (tokens[index - 1]?.type === "heading_open" ? text.toUpperCase() : text));
        if (!lists.length) lines.push("");
        prefix = "";
      }
    }
  });
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function inlineText(children: Token[]): string {
  let out = "";
  let href: string | null = null;
  let label = "";
  for (const child of children) {
    if (child.type === "link_open") {
      href = String(child.attrGet("href") ?? "");
      label = "";
    } else if (child.type === "link_close") {
      out += href && href !== label && `mailto:${label}` !== href ? `${label} (${href})` : label;
      href = null;
    } else if (child.type === "image") {
      const alt = child.content || "Bild";
      if (href !== null) label += `[${alt}]`;
      else out += `[${alt}]`;
    } else if (child.type === "softbreak" || child.type === "hardbreak") {
      if (href !== null) label += " ";
      else out += "\n";
    } else if (child.type === "text" || child.type === "code_inline") {
      if (href !== null) label += child.content;
      else out += child.content;
    }
  }
  return out;
}

export interface RenderedNewsletter {
  html: string;
  text: string;
}

/**
 * The whole mail, for one recipient. `unsubscribeUrl` is personal (or a sample in the preview and
 * the test mail). The preheader is the hidden first line mail clients show next to the subject.
 */
export function renderNewsletter(
  issue: { subject: string; preheader: string; body: string },
  unsubscribeUrl: string,
): RenderedNewsletter {
  const { before, after, cta } = splitCta(issue.body);
  const preheader = issue.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(issue.preheader)}</div>`
    : "";
  const footer = `<p style="font-size:12px;color:#6b7280;margin-top:32px">Du bekommst diese E-Mail, weil du den BeHappy-Newsletter bestellt und bestätigt hast. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Vom Newsletter abmelden</a></p>`;
  const body =
    preheader + renderMarkdownHtml(before) + (cta ? buttonHtml(cta) : "") + renderMarkdownHtml(after) + footer;
  const textParts = [
    renderMarkdownText(before),
    cta ? `${cta.label}: ${cta.href}` : "",
    renderMarkdownText(after),
    "--",
    "Du bekommst diese E-Mail, weil du den BeHappy-Newsletter bestellt und bestätigt hast.",
    `Abmelden: ${unsubscribeUrl}`,
  ];
  return { html: mailLayout(issue.subject, body), text: textParts.filter((part) => part !== "").join("\n\n") };
}
