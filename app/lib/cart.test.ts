import { describe, expect, it } from "vitest";
import {
  addLine,
  cartTotal,
  itemCount,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  sanitizeLines,
  setLineQuantity,
  type CartLine,
} from "~/lib/cart";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("cart rules", () => {
  it("adds a new line and raises the quantity of an existing item and type", () => {
    const first = addLine([], { itemId: id(1), itemType: "product" }, 1);
    if (!first.ok) throw new Error("expected ok");
    const second = addLine(first.lines, { itemId: id(1), itemType: "product" }, 2);
    if (!second.ok) throw new Error("expected ok");
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0].quantity).toBe(3);
    const third = addLine(second.lines, { itemId: id(1), itemType: "event" }, 1);
    expect(third.ok && third.lines).toHaveLength(2);
  });

  it("removes a line when its quantity is set to 0 or less", () => {
    const lines: CartLine[] = [{ id: "a", itemId: id(1), itemType: "course", quantity: 2 }];
    expect(setLineQuantity(lines, "a", 0)).toEqual({ ok: true, lines: [] });
    expect(setLineQuantity(lines, "a", -3)).toEqual({ ok: true, lines: [] });
  });

  it("refuses more lines than the cart holds and quantities above the limit", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, n) => ({
      id: String(n),
      itemId: id(n),
      itemType: "product" as const,
      quantity: 1,
    }));
    expect(addLine(full, { itemId: id(999), itemType: "product" }, 1)).toEqual({ ok: false, reason: "too_many_lines" });
    expect(addLine([], { itemId: id(1), itemType: "product" }, MAX_LINE_QUANTITY + 1)).toEqual({
      ok: false,
      reason: "quantity_too_large",
    });
  });

  it("counts items and totals in cents", () => {
    const lines = [
      { price: 0.1, quantity: 1 },
      { price: 0.2, quantity: 1 },
      { price: 19.99, quantity: 3 },
    ];
    expect(itemCount(lines)).toBe(5);
    expect(cartTotal(lines)).toBe(60.27);
  });

  it("ignores malformed stored lines", () => {
    expect(sanitizeLines("nonsense")).toEqual([]);
    expect(
      sanitizeLines([
        { id: "x", itemId: "not-a-uuid", itemType: "product", quantity: 1 },
        { id: "y", itemId: id(2), itemType: "membership", quantity: 1 },
        { id: "z", itemId: id(3), itemType: "event", quantity: 1.5 },
        { id: "ok", itemId: id(4), itemType: "event", quantity: 2 },
      ]),
    ).toEqual([{ id: "ok", itemId: id(4), itemType: "event", quantity: 2 }]);
  });

  it("keeps the seats a waitlist offer holds on a line, and only a whole number of them", () => {
    expect(
      sanitizeLines([
        { id: "a", itemId: id(1), itemType: "event", quantity: 1, held: 1 },
        { id: "b", itemId: id(2), itemType: "event", quantity: 1, held: "2" },
        { id: "c", itemId: id(3), itemType: "event", quantity: 1, held: 0 },
      ]),
    ).toEqual([
      { id: "a", itemId: id(1), itemType: "event", quantity: 1, held: 1 },
      { id: "b", itemId: id(2), itemType: "event", quantity: 1 },
      { id: "c", itemId: id(3), itemType: "event", quantity: 1 },
    ]);
  });
});
