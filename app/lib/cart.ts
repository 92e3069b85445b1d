/**
 * Cart rules (spec §4 Cart), shared by the server (cookie) and the client (localStorage mirror).
 * A line is identified by itemId + itemType; prices and titles are never stored here.
 */
export const ITEM_TYPES = ["product", "course", "event"] as const;
export type CartItemType = (typeof ITEM_TYPES)[number];

const ITEM_PATHS: Record<CartItemType, string> = { product: "/products", course: "/courses", event: "/events" };

/** The detail page of an item a cart line (or a waitlist entry) refers to. */
export const itemPath = (type: CartItemType, id: string) => `${ITEM_PATHS[type]}/${id}`;

export interface CartLine {
  id: string;
  itemId: string;
  itemType: CartItemType;
  quantity: number;
  /**
   * Seats a waitlist offer holds for this line, as many as were offered (set by the offer's link,
   * /warteliste). Only what the cart says and allows before checkout: the offer itself belongs to
   * the address, and place_order decides.
   */
  held?: number;
}

/** Keeps the signed cookie well under 4 KB (20 lines ≈ 1.9 KB encoded). */
export const MAX_CART_LINES = 20;
export const MAX_LINE_QUANTITY = 99;

export type CartChange =
  { ok: true; lines: CartLine[] } | { ok: false; reason: "too_many_lines" | "quantity_too_large" };

export function newLineId(now = Date.now(), random = Math.random) {
  return `${now.toString(36)}-${random().toString(36).slice(2, 10)}`;
}

export function addLine(lines: CartLine[], item: Omit<CartLine, "id" | "quantity">, quantity: number): CartChange {
  const existing = lines.find((l) => l.itemId === item.itemId && l.itemType === item.itemType);
  if (existing) {
    const total = existing.quantity + quantity;
    if (total > MAX_LINE_QUANTITY) return { ok: false, reason: "quantity_too_large" };
    return { ok: true, lines: lines.map((l) => (l === existing ? { ...l, quantity: total } : l)) };
  }
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, reason: "quantity_too_large" };
  if (lines.length >= MAX_CART_LINES) return { ok: false, reason: "too_many_lines" };
  return { ok: true, lines: [...lines, { id: newLineId(), ...item, quantity }] };
}

/** Quantity 0 or less removes the line. */
export function setLineQuantity(lines: CartLine[], lineId: string, quantity: number): CartChange {
  if (quantity <= 0) return { ok: true, lines: removeLine(lines, lineId) };
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, reason: "quantity_too_large" };
  return { ok: true, lines: lines.map((l) => (l.id === lineId ? { ...l, quantity } : l)) };
}

export function removeLine(lines: CartLine[], lineId: string) {
  return lines.filter((l) => l.id !== lineId);
}

export function itemCount(lines: Pick<CartLine, "quantity">[]) {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

export function cartTotal(lines: { price: number; quantity: number }[]) {
  // Cents avoid binary rounding drift (0.1 + 0.2).
  return lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Accepts only well-formed lines (cookie or localStorage may hold anything). */
export function sanitizeLines(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const raw of value.slice(0, MAX_CART_LINES)) {
    if (!raw || typeof raw !== "object") continue;
    const { id, itemId, itemType, quantity, held } = raw as Record<string, unknown>;
    if (typeof id !== "string" || id.length > 40) continue;
    if (typeof itemId !== "string" || !UUID.test(itemId)) continue;
    if (!ITEM_TYPES.includes(itemType as CartItemType)) continue;
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY)
      continue;
    if (lines.some((l) => l.itemId === itemId && l.itemType === itemType)) continue;
    const line: CartLine = { id, itemId, itemType: itemType as CartItemType, quantity };
    if (typeof held === "number" && Number.isInteger(held) && held >= 1 && held <= MAX_LINE_QUANTITY) line.held = held;
    lines.push(line);
  }
  return lines;
}
