import { createHash } from "node:crypto";
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
 * The cart's part of a cached page's key (server/page-cache.ts): "none" when no cart cookie came,
 * else its number of items; on /cart, which lists the lines, the lines themselves (a digest). Read
 * from the cookie's value as sent, without waiting for the signature check, so the page cache can
 * answer before anything else runs. It trusts nothing: the cache stores a page only when the
 * render's own `cartPagePart`, from the checked cookie, says the same, so a forged value can only be
 * answered with the page every such cart gets.
 */
export function cartKeyPart(value: string | undefined, path: string): string {
  if (value === undefined) return "none";
  let raw = value;
  try {
    raw = decodeURIComponent(value);
  } catch {
    // As the cookie parser does: an undecodable value is taken as sent.
  }
  if (raw === "") return cartPart([], path);
  const signed = raw.lastIndexOf(".");
  if (signed < 0) return "none";
  let lines: CartLine[];
  try {
    lines = sanitizeLines(JSON.parse(Buffer.from(raw.slice(0, signed), "base64").toString("utf8")));
  } catch {
    lines = [];
  }
  return cartPart(lines, path);
}

const cartPart = (lines: CartLine[], path: string) =>
  path === "/cart"
    ? `lines:${createHash("sha256").update(JSON.stringify(lines)).digest("base64url").slice(0, 22)}`
    : String(itemCount(lines));

/** What the page shows of the cart, in the terms of `cartKeyPart`. */
export const cartPagePart = (summary: { lines: CartLine[]; cookieMissing: boolean }, path: string) =>
  summary.cookieMissing ? "none" : cartPart(summary.lines, path);

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
