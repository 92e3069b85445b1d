import { describe, expect, it } from "vitest";
import type { ReturnableLine } from "~/lib/admin/orders";
import { refusedReturns } from "~/lib/admin/partial-refund";

const line = (over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  itemId: "line-1",
  title: "Glücks-Workshop",
  bought: 3,
  left: 3,
  unitPrice: 129,
  discount: 0,
  participants: [],
  ...over,
});
const three = [
  { id: "p1", name: "Lea Becker" },
  { id: "p2", name: "Tom Schulz" },
  { id: "p3", name: "Ada Nowak" },
];

describe("refusedReturns", () => {
  it("takes what is left of a line, and nothing of a line not asked for", () => {
    expect(refusedReturns([{ item: "line-1", quantity: 3 }], [line()])).toBeNull();
    expect(refusedReturns([{ item: "line-1" }], [line({ participants: three })])).toBeNull();
  });

  it("refuses more than is left, at the line's quantity", () => {
    expect(refusedReturns([{ item: "line-1", quantity: 2 }], [line({ left: 1 })])).toEqual({
      "lines[0].quantity": ["Von „Glücks-Workshop“ ist nur noch 1 erstattbar."],
    });
    expect(refusedReturns([{ item: "line-1", quantity: 1 }], [line({ left: 0 })])).toEqual({
      "lines[0].quantity": ["Von „Glücks-Workshop“ ist nichts mehr erstattbar."],
    });
  });

  it("refuses a return of seats that leaves more participants than seats, until enough are ticked", () => {
    const full = [line({ participants: three })];
    expect(refusedReturns([{ item: "line-1", quantity: 1 }], full)).toEqual({
      "lines[0].dropped": [
        "Für „Glücks-Workshop“ bleiben 2 Plätze, angemeldet sind 3 Teilnehmer: Wähle, wer nicht mehr teilnimmt.",
      ],
    });
    expect(refusedReturns([{ item: "line-1", quantity: 2, dropped: ["p3"] }], full)).toEqual({
      "lines[0].dropped": [
        "Für „Glücks-Workshop“ bleibt 1 Platz, angemeldet sind 2 Teilnehmer: Wähle, wer nicht mehr teilnimmt.",
      ],
    });
    expect(refusedReturns([{ item: "line-1", quantity: 3, dropped: ["p1", "p2"] }], full)).toEqual({
      "lines[0].dropped": [
        "Für „Glücks-Workshop“ bleibt kein Platz, angemeldet ist 1 Teilnehmer: Wähle, wer nicht mehr teilnimmt.",
      ],
    });
    expect(refusedReturns([{ item: "line-1", quantity: 1, dropped: ["p2"] }], full)).toBeNull();
    // Ticked, but no seat goes back with them: the quantity is asked for.
    expect(refusedReturns([{ item: "line-1", dropped: ["p1"] }], full)).toEqual({
      "lines[0].quantity": ["Trage ein, wie viele Plätze mit den angehakten Teilnehmern zurückgehen."],
    });
    // Fewer participants than the seats that stay: nobody has to go.
    expect(refusedReturns([{ item: "line-1", quantity: 1 }], [line({ participants: three.slice(0, 2) })])).toBeNull();
  });
});
