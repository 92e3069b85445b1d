import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cancellationSchema } from "~/lib/schemas/cancellation";

/** Field errors of a submission (undefined on success). */
function errorsOf(submission: { status?: string }) {
  return (submission as unknown as { error?: Record<string, string[] | null> }).error ?? undefined;
}

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema: cancellationSchema() });
}

const filled = { kind: "ordentlich", name: "Paula Probe", email: "paula@example.com" };

describe("cancellationSchema (§ 312k: no more than the law asks)", () => {
  it("needs no order number: a Free member has none, name and e-mail identify the membership", () => {
    const submission = parse(filled);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.contract).toBeUndefined();
  });

  it("takes the wished end as a date picker sends it and as a German types it in a text box", () => {
    const picked = parse({ ...filled, wishedEnd: "2026-12-31" });
    expect(picked.status === "success" && picked.value.wishedEnd).toBe("2026-12-31");
    const typed = parse({ ...filled, wishedEnd: "31.12.2026" });
    expect(typed.status === "success" && typed.value.wishedEnd).toBe("2026-12-31");
    const short = parse({ ...filled, wishedEnd: "1.2.2027" });
    expect(short.status === "success" && short.value.wishedEnd).toBe("2027-02-01");
  });

  it("refuses a day the calendar does not have, with its own reason", () => {
    for (const wishedEnd of ["2026-02-30", "30.02.2026", "31.04.2027"]) {
      const submission = parse({ ...filled, wishedEnd });
      expect(submission.status, wishedEnd).toBe("error");
      expect(errorsOf(submission)?.wishedEnd, wishedEnd).toEqual(["Diesen Tag gibt es nicht. Bitte prüfe das Datum."]);
    }
  });

  it("asks for the format when the text is no date at all", () => {
    const submission = parse({ ...filled, wishedEnd: "Ende Dezember" });
    expect(errorsOf(submission)?.wishedEnd).toEqual(["Bitte gib ein Datum ein (TT.MM.JJJJ)."]);
  });
});
