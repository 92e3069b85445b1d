import { describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/cart";
import { withHeldSeatsNote } from "~/server/orders/place-order.server";

const line = (held?: number): CartLine => ({
  id: "l1",
  itemId: "e0000000-0000-4000-8000-000000000001",
  itemType: "event",
  quantity: 1,
  ...(held === undefined ? {} : { held }),
});
const NOTE = "Plätze aus einem Wartelisten-Angebot sind für die E-Mail-Adresse reserviert";

describe("a refusal for want of seats, with a waitlist offer's seat in the cart", () => {
  it("says whose address the held seat belongs to", () => {
    expect(withHeldSeatsNote("„Abend“ ist ausgebucht.", [line(1)])).toBe(
      `„Abend“ ist ausgebucht. ${NOTE}, an die das Angebot ging: Bitte melde dich mit dieser Adresse an.`,
    );
    expect(withHeldSeatsNote("Für „Abend“ ist nur noch 1 Platz frei.", [line(2)])).toContain(NOTE);
  });

  it("leaves every other refusal, and a cart without an offer, as it is", () => {
    expect(withHeldSeatsNote("„Abend“ ist ausgebucht.", [line()])).toBe("„Abend“ ist ausgebucht.");
    const past = "„Abend“ hat bereits stattgefunden und kann nicht mehr gebucht werden.";
    expect(withHeldSeatsNote(past, [line(1)])).toBe(past);
  });
});
