import hyphenDe from "hyphen/de";

// A CommonJS package: Node gives its exports to an ES module as the default export only.
const { hyphenateSync } = hyphenDe;

/**
 * German hyphenation for visible titles and headings: soft hyphens at the syllables the `hyphen`
 * package's German patterns (de-1996) find. Server-only, so the 730 KB pattern file never reaches
 * the browser; callers hyphenate where the text is cached (the catalogue snapshot, the legal pages)
 * and keep the raw text beside it (app/lib/hyphenation.ts says where soft hyphens must not go).
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 5_000;
/** Names the patterns would split wrongly ("BeH-appy"): never broken. */
const BRANDS = ["BeHappy"];

/** A run this long without a break opportunity would still be split by the browser, silently. */
const LONGEST_RUN = 12;
const RUN = new RegExp(`[^\u00AD\\-‐–—]{${LONGEST_RUN + 1},}`, "g");

/**
 * `text` with soft hyphens in its words of six letters or more. Words that already carry a hyphen
 * ("Glücks-Workshop") break there too; e-mail addresses and URLs stay as they are. A run the
 * patterns leave longer than 12 characters (a code, a made-up name) gets a soft hyphen every 8, so
 * a break the browser must make there still shows a hyphen.
 */
export function hyphenate(text: string): string {
  const known = cache.get(text);
  if (known !== undefined) return known;
  const result = text
    .split(/(\s+)/)
    .map((token) =>
      /[@/]|^www\./.test(token)
        ? token
        : hyphenateSync(token, { minWordLength: 6, exceptions: BRANDS }).replace(RUN, (run: string) =>
            run.replace(/(.{8})(?=.{3})/gu, `$1\u00AD`),
          ),
    )
    .join("");
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}
