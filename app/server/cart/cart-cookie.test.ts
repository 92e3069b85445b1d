import { describe, expect, it } from "vitest";
import { cartKeyPart, cartPagePart, readCartSummary } from "~/server/cart/cart-cookie.server";
import { cartCookie, cartCookieName } from "~/server/members/session.server";

const BOOK = "b0000000-0000-4000-8000-000000000001";
const MUG = "b0000000-0000-4000-8000-000000000002";

/** The value of the cart cookie as the browser sends it back, for the given lines. */
async function sentValue(lines: unknown) {
  const header = (await cartCookie().serialize(lines)).split(";")[0]!;
  return header.slice(`${cartCookieName}=`.length);
}

/** What the layout renders for a Cookie header, in the page cache's terms. */
async function rendered(value: string | undefined, path = "/products") {
  const headers = value === undefined ? undefined : { Cookie: `${cartCookieName}=${value}` };
  return cartPagePart(await readCartSummary(new Request(`http://shop.test${path}`, { headers })), path);
}

describe("the cart's part of a cached page's key", () => {
  it("is what the layout renders for every cookie the shop itself wrote", async () => {
    const carts = [
      [],
      [{ id: "l1", itemId: BOOK, itemType: "product", quantity: 2 }],
      [
        { id: "l1", itemId: BOOK, itemType: "product", quantity: 2 },
        { id: "l2", itemId: MUG, itemType: "product", quantity: 1 },
      ],
      // A line the layout does not count (not a UUID) is not counted by the key either.
      [{ id: "l3", itemId: "kein-uuid", itemType: "product", quantity: 5 }],
    ];
    const parts = [];
    const cartPages = [];
    for (const lines of carts) {
      const value = await sentValue(lines);
      expect(cartKeyPart(value, "/products")).toBe(await rendered(value));
      expect(cartKeyPart(value, "/cart")).toBe(await rendered(value, "/cart"));
      parts.push(cartKeyPart(value, "/products"));
      cartPages.push(cartKeyPart(value, "/cart"));
    }
    expect(parts).toEqual(["0", "2", "3", "0"]);
    // The cart page lists the lines: every different cart is its own page; two empty ones are one.
    expect(new Set(cartPages).size).toBe(3);
    expect(cartPages[0]).toBe(cartPages[3]);
    expect([cartKeyPart(undefined, "/"), await rendered(undefined)]).toEqual(["none", "none"]);
  });

  it("trusts nothing: a forged cart keys by what it claims, the render shows no cart (so it is not stored)", async () => {
    const value = await sentValue([{ id: "l1", itemId: BOOK, itemType: "product", quantity: 2 }]);
    const forged = value.replace(/\.[^.]*$/, ".AAAA");
    expect(cartKeyPart(forged, "/products")).toBe("2");
    expect(await rendered(forged)).toBe("none");
    for (const garbage of ["", "kaputt", "%E0%A4%A", "e30.x"])
      expect(cartKeyPart(garbage, "/")).toMatch(/^(none|\d+)$/);
  });
});
