import {
  addLine,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeLine,
  sanitizeLines,
  setLineQuantity,
  type CartChange,
  type CartLine,
} from "~/lib/cart";
import { planRefusal } from "~/lib/membership";
import type { CartAction } from "~/lib/schemas/cart";
import type { Toast } from "~/lib/toast";
import type { Tx } from "~/server/db/db.server";
import { findCartItems } from "~/server/cart/cart.server";
import { shopNow } from "~/server/jobs/clock.server";
import { getMyMembership } from "~/server/members/memberships.server";

export interface CartOutcome {
  lines: CartLine[];
  toast: Toast | null;
  ok: boolean;
}

const LIMIT_TOASTS = {
  too_many_lines: {
    type: "error",
    message: "Dein Warenkorb ist voll",
    description: `Es passen höchstens ${MAX_CART_LINES} verschiedene Artikel in den Warenkorb.`,
  },
  quantity_too_large: {
    type: "error",
    message: "Menge zu groß",
    description: `Pro Artikel sind höchstens ${MAX_LINE_QUANTITY} Stück möglich.`,
  },
} as const satisfies Record<string, Toast>;

const ONE_MEMBERSHIP: Toast = {
  type: "error",
  message: "Menge nicht geändert",
  description: "Eine Mitgliedschaft kann nur einmal in den Warenkorb (Menge 1).",
};

const GONE: Toast = {
  type: "error",
  message: "Artikel nicht gefunden",
  description: "Dieser Artikel ist nicht mehr im Angebot.",
};

/** An event or course that has begun (shop's clock). */
const pastToast = (title: string): Toast => ({
  type: "error",
  message: "Nicht mehr buchbar",
  description: `${title} hat bereits begonnen.`,
});

/** More seats wanted than are free: says how many are (and how many the cart already holds). */
function seatsToast(title: string, left: number, inCart: number): Toast {
  const free =
    left === 0
      ? `${title} ist ausgebucht.`
      : left === 1
        ? `Für ${title} ist nur noch 1 Platz frei.`
        : `Für ${title} sind nur noch ${left} Plätze frei.`;
  return {
    type: "error",
    message: left === 0 ? "Ausgebucht" : "Nicht genug Plätze",
    description:
      inCart > 0 && left > 0
        ? `${free} ${inCart === 1 ? "1 davon liegt" : `${inCart} davon liegen`} schon in deinem Warenkorb.`
        : free,
  };
}

/**
 * The seats a line's waitlist offer holds, as far as the cart can tell: the number the offer's
 * link put on the line, while at least that many are still held for offers (after an expiry or
 * a booking there are none, and the line is an ordinary one).
 */
const heldFor = (line: CartLine | undefined, item: { seatsOffered: number }) =>
  line?.held !== undefined && item.seatsOffered >= line.held ? line.held : 0;

const seatsText = (n: number) => (n === 1 ? "1 Platz" : `${n} Plätze`);

/**
 * More seats wanted on a line whose seats a waitlist offer holds than it holds and are free: the
 * offer holds as many as were offered, and only seats free to anyone can be added to them.
 */
function heldToast(title: string, held: number, left: number): Toast {
  const reserved = `Für ${title} ${held === 1 ? "ist" : "sind"} ${seatsText(held)} von der Warteliste für dich reserviert – so viele, wie wir dir angeboten haben.`;
  return {
    type: "error",
    message: "Menge nicht geändert",
    description:
      left === 0
        ? `${reserved} Weitere Plätze sind nicht frei.`
        : `${reserved} Dazu ${left === 1 ? "ist" : "sind"} nur noch ${seatsText(left)} frei, also höchstens ${held + left} insgesamt.`,
  };
}

/**
 * Applies one cart intent to the cookie's lines. Items are checked against the catalogue (the
 * browser only names them), and every outcome carries the spec's German toast.
 */
export async function applyCartAction(tx: Tx, lines: CartLine[], action: CartAction): Promise<CartOutcome> {
  // An add within the limits answers with the new lines, one past them with the limit's toast.
  const added = (change: CartChange, title: string): CartOutcome =>
    change.ok
      ? {
          lines: change.lines,
          ok: true,
          toast: {
            type: "success",
            message: "Zum Warenkorb hinzugefügt",
            description: `${title} wurde in den Warenkorb gelegt.`,
          },
        }
      : { lines, toast: LIMIT_TOASTS[change.reason], ok: false };
  // A membership is chosen, never added: quantity 1, one per cart, and not a plan already held
  // (the held Yearly plan only from 30 days before its end: a renewal).
  const choosePlan = async (planId: string): Promise<CartOutcome> => {
    const items = await findCartItems(tx, [...lines, { itemId: planId, itemType: "product" }]);
    const plan = items.get(`product:${planId}`);
    if (!plan?.isMembership || !plan.plan) return { lines, toast: GONE, ok: false };
    const refusal = planRefusal(await getMyMembership(tx), plan.plan, shopNow());
    if (refusal) return { lines, ok: false, toast: { type: "error", message: "Nicht möglich", description: refusal } };
    const others = lines.filter((l) => !items.get(`${l.itemType}:${l.itemId}`)?.isMembership);
    const change = addLine(others, { itemId: plan.itemId, itemType: "product" }, 1);
    return added(change, plan.title);
  };
  const titleOf = async (line: Pick<CartLine, "itemId" | "itemType">) =>
    (await findCartItems(tx, [line])).get(`${line.itemType}:${line.itemId}`)?.title ?? "Der Artikel";

  switch (action.intent) {
    case "add": {
      const item = (await findCartItems(tx, [action])).get(`${action.itemType}:${action.itemId}`);
      if (!item) return { lines, toast: GONE, ok: false };
      if (item.isMembership) return choosePlan(item.itemId);
      if (item.past) return { lines, ok: false, toast: pastToast(item.title) };
      if (!item.available) {
        return {
          lines,
          ok: false,
          toast: { type: "error", message: "Ausverkauft", description: `${item.title} ist derzeit nicht verfügbar.` },
        };
      }
      const existing = lines.find((l) => l.itemId === item.itemId && l.itemType === item.itemType);
      const inCart = existing?.quantity ?? 0;
      // Seats held for this cart's waitlist offer are not free to anyone, yet they are this line's.
      const held = heldFor(existing, item);
      if (item.seatsLeft !== null && inCart + action.quantity > item.seatsLeft + held) {
        const toast =
          held > 0 ? heldToast(item.title, held, item.seatsLeft) : seatsToast(item.title, item.seatsLeft, inCart);
        return { lines, ok: false, toast };
      }
      const change = addLine(lines, { itemId: item.itemId, itemType: item.itemType }, action.quantity);
      return added(change, item.title);
    }
    case "update": {
      const line = lines.find((l) => l.id === action.lineId);
      if (!line) return { lines, toast: GONE, ok: false };
      const item = (await findCartItems(tx, [line])).get(`${line.itemType}:${line.itemId}`);
      if (item?.isMembership && action.quantity > 1) return { lines, toast: ONE_MEMBERSHIP, ok: false };
      const held = item ? heldFor(line, item) : 0;
      if (item && item.seatsLeft !== null && action.quantity > Math.max(line.quantity, item.seatsLeft + held)) {
        const toast =
          held > 0 ? heldToast(item.title, held, item.seatsLeft) : seatsToast(item.title, item.seatsLeft, 0);
        return { lines, ok: false, toast };
      }
      const title = item?.title ?? "Der Artikel";
      const change = setLineQuantity(lines, line.id, action.quantity);
      if (!change.ok) return { lines, toast: LIMIT_TOASTS[change.reason], ok: false };
      const removed = action.quantity <= 0;
      return {
        lines: change.lines,
        ok: true,
        toast: removed
          ? {
              type: "success",
              message: "Aus Warenkorb entfernt",
              description: `${title} wurde aus dem Warenkorb entfernt.`,
            }
          : {
              type: "success",
              message: "Warenkorb aktualisiert",
              description: `Menge für ${title} wurde aktualisiert.`,
            },
      };
    }
    case "remove": {
      const line = lines.find((l) => l.id === action.lineId);
      if (!line) return { lines, toast: null, ok: true };
      const title = await titleOf(line);
      return {
        lines: removeLine(lines, line.id),
        ok: true,
        toast: {
          type: "success",
          message: "Aus Warenkorb entfernt",
          description: `${title} wurde aus dem Warenkorb entfernt.`,
        },
      };
    }
    case "clear":
      return {
        lines: [],
        ok: true,
        toast: {
          type: "success",
          message: "Warenkorb geleert",
          description: "Alle Artikel wurden aus dem Warenkorb entfernt.",
        },
      };
    case "plan":
      return choosePlan(action.planId);
    case "restore": {
      // Only an empty cookie cart is restored from the browser's copy (spec: localStorage "cart").
      if (lines.length > 0) return { lines, toast: null, ok: true };
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(action.lines);
      } catch {
        parsed = null;
      }
      const candidates = sanitizeLines(parsed);
      const items = await findCartItems(tx, candidates);
      // Same rules as adding: the item must exist and be orderable (sanitizeLines keeps the limits),
      // and the browser's copy obeys the cookie's membership rule: one membership, quantity 1.
      let planSeen = false;
      const restored = candidates.flatMap((l) => {
        const item = items.get(`${l.itemType}:${l.itemId}`);
        if (!item?.available) return [];
        if (!item.isMembership) return [l];
        if (planSeen) return [];
        planSeen = true;
        return [{ ...l, quantity: 1 }];
      });
      return { lines: restored, toast: null, ok: true };
    }
  }
}
