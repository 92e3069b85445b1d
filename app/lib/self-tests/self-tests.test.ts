import { describe, expect, it } from "vitest";
import { parseAnswers } from "~/lib/schemas/self-test";
import {
  HAPPINESS_BANDS,
  HAPPINESS_STATEMENTS,
  happinessBand,
  happinessPoints,
  scoreHappiness,
} from "~/lib/self-tests/glueckstest";
import { classifyType, scoreScannerTaucher, TYPE_STATEMENTS } from "~/lib/self-tests/scanner-taucher";
import type { Answer, Answers } from "~/lib/self-tests/types";

function all(statements: { id: string }[], value: Answer | ((id: string, i: number) => Answer)): Answers {
  return Object.fromEntries(
    statements.map((s, i) => [s.id, typeof value === "function" ? value(s.id, i) : value]),
  ) as Answers;
}

describe("Glückstest", () => {
  it("has at least 10 statements with unique ids", () => {
    expect(HAPPINESS_STATEMENTS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(HAPPINESS_STATEMENTS.map((s) => s.id)).size).toBe(HAPPINESS_STATEMENTS.length);
  });

  it("reverses burdening statements", () => {
    expect(happinessPoints({ id: "x", text: "", reverse: true }, 5)).toBe(1);
    expect(happinessPoints({ id: "x", text: "", reverse: true }, 1)).toBe(5);
    expect(happinessPoints({ id: "x", text: "" }, 4)).toBe(4);
  });

  it("scores the happiest answers 100 and the unhappiest 0", () => {
    const best = all(HAPPINESS_STATEMENTS, (id) => (HAPPINESS_STATEMENTS.find((s) => s.id === id)!.reverse ? 1 : 5));
    const worst = all(HAPPINESS_STATEMENTS, (id) => (HAPPINESS_STATEMENTS.find((s) => s.id === id)!.reverse ? 5 : 1));
    expect(scoreHappiness(best)).toMatchObject({ score: 100, band: HAPPINESS_BANDS.strahlend });
    expect(scoreHappiness(worst)).toMatchObject({ score: 0, band: HAPPINESS_BANDS.neustart });
  });

  it("puts all-neutral answers in the middle", () => {
    expect(scoreHappiness(all(HAPPINESS_STATEMENTS, 3))).toMatchObject({ score: 50, band: HAPPINESS_BANDS.unterwegs });
  });

  it("maps band boundaries at 40, 60 and 80", () => {
    expect(happinessBand(39).id).toBe("neustart");
    expect(happinessBand(40).id).toBe("unterwegs");
    expect(happinessBand(59).id).toBe("unterwegs");
    expect(happinessBand(60).id).toBe("zufrieden");
    expect(happinessBand(79).id).toBe("zufrieden");
    expect(happinessBand(80).id).toBe("strahlend");
  });

  it("every band has a German text and tips", () => {
    for (const band of Object.values(HAPPINESS_BANDS)) {
      expect(band.text.length).toBeGreaterThan(40);
      expect(band.tips.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("refuses incomplete answers", () => {
    expect(() => scoreHappiness({ g01: 3 })).toThrow();
  });
});

describe("Scanner-Taucher-Test", () => {
  it("has at least 12 statements, balanced between the two types", () => {
    expect(TYPE_STATEMENTS.length).toBeGreaterThanOrEqual(12);
    const scanner = TYPE_STATEMENTS.filter((s) => s.leaning === "scanner").length;
    expect(scanner * 2).toBe(TYPE_STATEMENTS.length);
  });

  it("agreeing with every scanner statement and rejecting every taucher statement is a pure Scanner", () => {
    const answers = all(TYPE_STATEMENTS, (id) =>
      TYPE_STATEMENTS.find((s) => s.id === id)!.leaning === "scanner" ? 5 : 1,
    );
    expect(scoreScannerTaucher(answers)).toMatchObject({ index: 100, scannerShare: 100, type: "scanner" });
  });

  it("the opposite is a pure Taucher", () => {
    const answers = all(TYPE_STATEMENTS, (id) =>
      TYPE_STATEMENTS.find((s) => s.id === id)!.leaning === "scanner" ? 1 : 5,
    );
    expect(scoreScannerTaucher(answers)).toMatchObject({ index: -100, scannerShare: 0, type: "taucher" });
  });

  it("neutral or agreeing with everything is a Mischtyp", () => {
    expect(scoreScannerTaucher(all(TYPE_STATEMENTS, 3))).toMatchObject({ index: 0, type: "mischtyp" });
    expect(scoreScannerTaucher(all(TYPE_STATEMENTS, 5))).toMatchObject({ index: 0, type: "mischtyp" });
  });

  it("classifies at the threshold", () => {
    expect(classifyType(25)).toBe("scanner");
    expect(classifyType(24)).toBe("mischtyp");
    expect(classifyType(-24)).toBe("mischtyp");
    expect(classifyType(-25)).toBe("taucher");
  });
});

describe("parseAnswers", () => {
  const statements = HAPPINESS_STATEMENTS.slice(0, 3);

  it("accepts one answer 1–5 per statement", () => {
    const form = new FormData();
    form.set("g01", "1");
    form.set("g02", "5");
    form.set("g03", "3");
    expect(parseAnswers(form, statements)).toEqual({ ok: true, answers: { g01: 1, g02: 5, g03: 3 } });
  });

  it("keeps the given answers and names every missing or invalid one in German", () => {
    const form = new FormData();
    form.set("g01", "4");
    form.set("g02", "9");
    const result = parseAnswers(form, statements);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.answers).toEqual({ g01: 4 });
    expect(result.errors).toEqual({ g02: "Bitte wähle eine Antwort.", g03: "Bitte wähle eine Antwort." });
    expect(result.formError).toBe("Bitte beantworte alle Aussagen. Es fehlen noch 2 Antworten.");
  });
});
