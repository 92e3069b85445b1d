import { describe, expect, it } from "vitest";
import { SOFT_HYPHEN, withoutSoftHyphens } from "~/lib/hyphenation";
import { hyphenate } from "~/server/platform/hyphenation.server";

/*
 * Headings that ship in the client bundle cannot be hyphenated at run time without the 730 KB
 * pattern file, so their long words carry the soft hyphens in the source ("\u00AD"). This test
 * keeps them equal to what the server's hyphenation gives: a new heading with a long word fails
 * here and names the spelling to paste.
 */
const sources = import.meta.glob<Record<string, unknown>>(["/app/content/*.ts", "/app/lib/catalog/texts.ts"], {
  eager: true,
});
/** Words this long break mid-word in a large heading at 320 px (text-4xl: about 13 letters a line). */
const LONG = 13;

function headings(value: unknown, path: string, found: { path: string; text: string }[]) {
  if (typeof value === "string") {
    if (/(title|heading|ERROR_HEADING)$/i.test(path)) found.push({ path, text: value });
  } else if (Array.isArray(value)) value.forEach((v, i) => headings(v, `${path}[${i}]`, found));
  else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) headings(v, `${path}.${key}`, found);
  return found;
}

describe("static headings", () => {
  const all = Object.entries(sources).flatMap(([file, module]) => headings(module, file, []));

  it("are found (the scan would see a heading)", () => {
    expect(all.map((h) => withoutSoftHyphens(h.text))).toContain("Selbstverwirklichung");
  });

  it("carry the soft hyphens of German hyphenation in every long word", () => {
    const wrong = all.flatMap(({ path, text }) =>
      text
        .split(/[\s-]+/)
        .filter((word) => withoutSoftHyphens(word).replace(/[^\p{L}]/gu, "").length >= LONG)
        .filter((word) => word !== hyphenate(withoutSoftHyphens(word)))
        .map((word) => `${path}: ${hyphenate(withoutSoftHyphens(word)).replaceAll(SOFT_HYPHEN, "\\u00AD")}`),
    );
    expect(wrong).toEqual([]);
  });
});
