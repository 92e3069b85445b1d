import { describe, expect, it } from "vitest";
import { legalPagesFor, legalPageText } from "~/content/legal";
import { parseEnv } from "~/server/platform/env.server";
import { operatorFrom } from "~/server/platform/operator.server";

describe("the AGB as the order mail attaches them", () => {
  const agb = legalPagesFor(operatorFrom(parseEnv({})), { shippingFee: 4.9 }).agb;
  const text = legalPageText(agb);

  it("hold every section, in order, with its paragraphs, lists and the model form", () => {
    const headings = agb.sections.map((section) => section.heading);
    const positions = headings.map((heading) => text.indexOf(`${heading}\n${"=".repeat(heading.length)}`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text.startsWith("Allgemeine Geschäftsbedingungen\n\nStand: ")).toBe(true);
    expect(text).toContain("MUSTER-WIDERRUFSFORMULAR");
    // What the shop does: events and digital content can be withdrawn like everything else, so the
    // AGB promise no exclusion the offers never state (no per-offer notice, no § 356 Abs. 5 consent).
    expect(text).toMatch(/^- Veranstaltungen mit festem Termin: .* Wir räumen es dir trotzdem ein/m);
    expect(text).toMatch(/^- Digitale Inhalte \(zum Beispiel Online-Kurse\): Wir bitten dich nicht um die Zustimmung/m);
    expect(text).not.toContain("darauf weisen wir im jeweiligen Angebot hin");
    // The configured shipping fee, as the AGB page states it.
    expect(text).toMatch(/pauschal 4,90\s€ Versandkosten/);
  });

  it("number every section, § 1 to the last, so a clause can be referred to", () => {
    const headings = agb.sections.map((section) => section.heading);
    expect(headings.map((heading) => /^§ (\d+) /.exec(heading)?.[1])).toEqual(
      headings.map((_, index) => String(index + 1)),
    );
  });

  it("are plain text: no markup", () => {
    expect(text).not.toMatch(/<[a-z]/i);
  });
});
