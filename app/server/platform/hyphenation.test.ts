import { describe, expect, it } from "vitest";
import { SOFT_HYPHEN, withoutSoftHyphens } from "~/lib/hyphenation";
import { hyphenate } from "~/server/platform/hyphenation.server";

const marked = (text: string) => hyphenate(text).replaceAll(SOFT_HYPHEN, "|");

describe("hyphenate", () => {
  it("puts soft hyphens between the syllables of German compounds", () => {
    expect(marked("Dankbarkeitstagebuch")).toBe("Dank|bar|keits|ta|ge|buch");
    expect(marked("Glücks-Workshop: Die Kunst der Dankbarkeit")).toBe("Glücks-Work|shop: Die Kunst der Dank|bar|keit");
  });
  it("gives a long run the patterns cannot split a soft hyphen every 8 characters", () => {
    expect(marked("Seitenlauf mwxsp19r251265 Nr 12")).toBe("Sei|ten|lauf mwxsp19r|251265 Nr 12");
    expect(marked("BeHappy")).toBe("BeHappy");
  });
  it("leaves short words, e-mail addresses and URLs alone, and changes nothing else", () => {
    const text = "Mail an hallo@behappy.example oder https://behappy.example/datenschutzerklaerung";
    expect(hyphenate(text)).toBe(text);
    expect(hyphenate("Kurs am Tag")).toBe("Kurs am Tag");
    expect(withoutSoftHyphens(hyphenate("Persönlichkeitsentwicklung  im\nAlltag"))).toBe(
      "Persönlichkeitsentwicklung  im\nAlltag",
    );
  });
});
