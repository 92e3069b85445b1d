import { describe, expect, it } from "vitest";
import { orderSums } from "~/server/orders/shipping.server";

describe("order sums before the order exists", () => {
  const book = { unitPrice: 24.9, quantity: 2, shipped: true };
  const ebook = { unitPrice: 9.9, quantity: 1, shipped: false };

  it("adds the flat fee once when any line is shipped, to the cent", () => {
    expect(orderSums([book, ebook, { ...book, quantity: 1 }], 4.9)).toEqual({
      subtotal: 84.6,
      shipping: 4.9,
      total: 89.5,
    });
  });

  it("charges nothing for digital-only orders or with free shipping", () => {
    expect(orderSums([ebook], 4.9)).toEqual({ subtotal: 9.9, shipping: 0, total: 9.9 });
    expect(orderSums([book], 0)).toEqual({ subtotal: 49.8, shipping: 0, total: 49.8 });
  });
});
