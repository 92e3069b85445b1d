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
    expect(text).toMatch(/^- Das Widerrufsrecht besteht nicht bei Verträgen/m);
    // The configured shipping fee, as the AGB page states it.
    expect(text).toMatch(/pauschal 4,90\s€ Versandkosten/);
  });

  it("are plain text: no markup", () => {
    expect(text).not.toMatch(/<[a-z]/i);
  });
});
