/**
 * Soft hyphens (U+00AD) mark where a German compound may break: invisible, drawn as "-" only when
 * the line breaks there, in every browser (`hyphens: auto` needs the browser's own German
 * dictionary, which many lack). The server inserts them (app/server/platform/hyphenation.server.ts)
 * into visible titles and headings only; everything a machine or a copy reads keeps the raw text.
 */
export const SOFT_HYPHEN = "\u00AD";

/** The text without soft hyphens: for the page title, meta tags, form values and anything copied. */
export function withoutSoftHyphens(text: string) {
  return text.replaceAll(SOFT_HYPHEN, "");
}
