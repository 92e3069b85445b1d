import { itemCount, sanitizeLines, type CartLine } from "~/lib/cart";
import { cartCookie } from "~/server/members/session.server";

export async function readCart(request: Request): Promise<CartLine[]> {
  const value = await cartCookie().parse(request.headers.get("Cookie"));
  return sanitizeLines(value);
}

export async function serializeCart(lines: CartLine[]) {
  return cartCookie().serialize(lines);
}

/**
 * The cart for the layout. `cookieMissing`: the browser sent no (valid) cart cookie at all, as
 * after a lost or expired cookie; an emptied cart (checkout, "Warenkorb leeren") is a cookie
 * holding no lines. Only a missing one may be restored from the browser's copy (CartMirror).
 */
export async function readCartSummary(request: Request) {
  const value: unknown = await cartCookie().parse(request.headers.get("Cookie"));
  const lines = sanitizeLines(value);
  return { lines, itemCount: itemCount(lines), cookieMissing: value === null };
}
