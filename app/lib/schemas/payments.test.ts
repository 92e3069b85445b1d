import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { partialRefundSchema } from "~/lib/schemas/payments";

const ORDER = "0b6a3b3e-8f1c-4c1e-9a55-3f2c4f7d1a01";
const [BOOK, WORKSHOP] = ["1b6a3b3e-8f1c-4c1e-9a55-3f2c4f7d1a02", "2b6a3b3e-8f1c-4c1e-9a55-3f2c4f7d1a03"];
const LEA = "3b6a3b3e-8f1c-4c1e-9a55-3f2c4f7d1a04";

/** The Teilerstattung form as a browser sends it: every line's item, the typed quantities, the ticks. */
function send(extra: [string, string][]) {
  const formData = new FormData();
  formData.set("intent", "partial-refund");
  formData.set("id", ORDER);
  formData.set("lines[0].item", BOOK);
  formData.set("lines[1].item", WORKSHOP);
  for (const [name, value] of extra) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: partialRefundSchema });
  return submission.status === "success" ? null : submission.error;
}

describe("the Teilerstattung form (partialRefundSchema)", () => {
  it("asks for a line and its quantity when nothing is typed", () => {
    expect(send([])).toEqual({ "": ["Wähle mindestens eine Position und ihre Menge."] });
  });

  it("asks for the seats of a line whose participants are ticked, at that line's quantity", () => {
    expect(send([["lines[1].dropped", LEA]])).toEqual({
      "lines[1].quantity": ["Trage ein, wie viele Plätze mit den angehakten Teilnehmern zurückgehen."],
    });
  });

  it("takes a quantity on any line", () => {
    expect(
      send([
        ["lines[1].quantity", "1"],
        ["lines[1].dropped", LEA],
      ]),
    ).toBeNull();
  });
});
