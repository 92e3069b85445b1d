import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cartActionSchema } from "~/lib/schemas/cart";

function errorsOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema: cartActionSchema });
  return submission.status === "success" ? null : submission.error;
}

describe("cart quantities", () => {
  it("adding takes 1 to 99, and says so", () => {
    const id = "b0000000-0000-4000-8000-000000000001";
    expect(errorsOf({ intent: "add", itemId: id, itemType: "product", quantity: "2" })).toBeNull();
    expect(errorsOf({ intent: "add", itemId: id, itemType: "product", quantity: "0" })?.quantity).toEqual([
      "Bitte gib eine ganze Zahl zwischen 1 und 99 ein.",
    ]);
  });

  it("in the cart 0 removes the line, and a wrong entry's message says that 0 is allowed", () => {
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: "0" })).toBeNull();
    const message = "Bitte gib eine ganze Zahl zwischen 0 und 99 ein (0 entfernt den Artikel).";
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: "zwei" })?.quantity).toEqual([message]);
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: "1.5" })?.quantity).toEqual([message]);
    // What Number() would read as 10 and 16 is not a quantity anyone types.
    for (const typed of ["1e1", "0x10", "0b11", "Infinity", "2 Stück"]) {
      expect(errorsOf({ intent: "update", lineId: "l1", quantity: typed })?.quantity, typed).toEqual([message]);
    }
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: " 3 " })).toBeNull();
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: "" })?.quantity).toBeDefined();
    expect(errorsOf({ intent: "update", lineId: "l1", quantity: "100" })?.quantity).toEqual([
      "Pro Artikel sind höchstens 99 Stück möglich.",
    ]);
  });
});
