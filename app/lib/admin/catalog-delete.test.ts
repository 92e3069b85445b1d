import { describe, expect, it } from "vitest";
import { deleteWarning } from "~/lib/admin/catalog-delete";

describe("deleteWarning", () => {
  it("names the booked seats, their orders and the waitlist, and what deleting leaves undone", () => {
    expect(deleteWarning({ seats: 3, orders: 2, waiting: 1 })).toBe(
      "Achtung: Es gibt noch 3 gebuchte Plätze in 2 Bestellungen und 1 Person auf der Warteliste. " +
        "Die Bestellungen bleiben bestehen und werden nicht storniert, und niemand wird benachrichtigt.",
    );
    expect(deleteWarning({ seats: 1, orders: 1, waiting: 0 })).toBe(
      "Achtung: Es gibt noch 1 gebuchten Platz in 1 Bestellung. " +
        "Die Bestellung bleibt bestehen und wird nicht storniert, und niemand wird benachrichtigt.",
    );
    expect(deleteWarning({ seats: 0, orders: 0, waiting: 2 })).toBe(
      "Achtung: Es gibt noch 2 Personen auf der Warteliste. Niemand auf der Warteliste wird benachrichtigt.",
    );
  });

  it("says nothing for an item nobody booked, and for products", () => {
    expect(deleteWarning({ seats: 0, orders: 0, waiting: 0 })).toBeNull();
    expect(deleteWarning(null)).toBeNull();
  });
});
