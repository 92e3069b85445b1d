import { describe, expect, it } from "vitest";
import { orderFingerprint, summaryFingerprint } from "~/server/orders/checkout-summary.server";

const BOOK = { itemType: "product", itemId: "b1", quantity: 1, unitPrice: 14.9 };
const PLAN = { itemType: "product", itemId: "p1", quantity: 1, unitPrice: 99 };

describe("the checkout summary's fingerprint (§ 312j)", () => {
  it("is the same for the summary shown and the order place_order writes for it", () => {
    const shown = summaryFingerprint([BOOK, PLAN], 0, 113.9);
    const written = orderFingerprint({
      items: [
        { item_type: "membership", item_id: "p1", quantity: 1, price: 99 },
        { item_type: "product", item_id: "b1", quantity: 1, price: 14.9 },
      ],
      shipping_fee: 0,
      total_amount: 113.9,
    });
    expect(written).toBe(shown);
  });

  it("counts two cart lines of one item at one price as the order's one line", () => {
    const split = summaryFingerprint([BOOK, BOOK], 0, 29.8);
    expect(summaryFingerprint([{ ...BOOK, quantity: 2 }], 0, 29.8)).toBe(split);
  });

  it("changes with a unit price (a membership ended: 12,90 € becomes 14,90 €), a quantity, shipping or the total", () => {
    const shown = summaryFingerprint([{ ...BOOK, unitPrice: 12.9 }], 0, 12.9);
    expect(summaryFingerprint([BOOK], 0, 14.9)).not.toBe(shown);
    expect(summaryFingerprint([{ ...BOOK, unitPrice: 12.9, quantity: 2 }], 0, 25.8)).not.toBe(shown);
    expect(summaryFingerprint([{ ...BOOK, unitPrice: 12.9 }], 4.9, 17.8)).not.toBe(shown);
    expect(summaryFingerprint([{ ...BOOK, unitPrice: 12.9 }], 0, 12.91)).not.toBe(shown);
  });
});
