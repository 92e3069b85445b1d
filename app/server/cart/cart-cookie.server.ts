import { createCookie } from "react-router";
import { itemCount, sanitizeLines, type CartLine } from "~/lib/cart";
import { cookieDefaults } from "../session.server";

/** The cart: a signed cookie holding only line ids, item references and quantities. */
function cartCookie() {
  return createCookie("cart", { ...cookieDefaults(), maxAge: 60 * 60 * 24 * 30 });
}

export async function readCart(request: Request): Promise<CartLine[]> {
  const value = await cartCookie().parse(request.headers.get("Cookie"));
  return sanitizeLines(value);
}

export async function serializeCart(lines: CartLine[]) {
  return cartCookie().serialize(lines);
}

export async function readCartSummary(request: Request) {
  const lines = await readCart(request);
  return { lines, itemCount: itemCount(lines) };
}
