import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { sanitizeLines, type CartItemType, type CartLine } from "~/lib/cart";

export const CART_STORAGE_KEY = "cart";

/** A cart item as the spec stores it in localStorage["cart"] (spec §3 cart item). */
export interface StoredCartItem {
  id: string;
  itemId: string;
  itemType: CartItemType;
  title: string;
  price: number;
  quantity: number;
  image_url: string;
}

/** The /cart loader's lines, as far as the mirror needs them. */
interface ResolvedCart {
  lines: {
    id: string;
    itemId: string;
    itemType: CartItemType;
    title: string;
    unitPrice: number;
    quantity: number;
    imageUrl: string;
  }[];
}

/** Same key on both sides: the root loader's cartKey and a stored copy of the same lines. */
export function cartKeyOf(lines: Pick<CartLine, "id" | "quantity">[]) {
  return lines.map((l) => `${l.id}:${l.quantity}`).join(",");
}

function readStored(): CartLine[] | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy settings): the cookie cart alone works
  }
  if (raw === null) return null;
  try {
    return sanitizeLines(JSON.parse(raw));
  } catch (error) {
    console.warn("Gespeicherter Warenkorb ist beschädigt und wird ignoriert.", error);
    return null;
  }
}

function writeStored(items: StoredCartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Full or blocked storage: the cookie stays the cart of record.
  }
}

/**
 * With JavaScript the cart is mirrored to localStorage["cart"] (spec §4 Cart, ARCHITECTURE §6):
 * written after every change, and on start, when the browser sent no cart cookie at all, sent back
 * to the server (POST intent=restore), which checks every line against the catalogue and the
 * limits. The cookie stays the cart of record; this only brings a cart back after its cookie was
 * lost. A cart emptied by an order or "Warenkorb leeren" is a cookie with no lines: its stale copy
 * (left when the scripts did not run on the page that emptied it) is cleared, never restored.
 */
export function CartMirror({ cartKey, cookieMissing }: { cartKey: string; cookieMissing: boolean }) {
  const restore = useFetcher();
  const resolved = useFetcher<ResolvedCart>();
  const started = useRef(false);
  const mirroredKey = useRef<string | null>(null);
  const loadCart = resolved.load;
  const submitRestore = restore.submit;

  useEffect(() => {
    if (!started.current) {
      started.current = true;
      const stored = readStored();
      if (cookieMissing && stored && stored.length > 0) {
        mirroredKey.current = cartKey; // keep the stored copy until the restored cart arrives
        void submitRestore(
          { intent: "restore", lines: JSON.stringify(stored), _js: "1" },
          { method: "post", action: "/cart" },
        );
        return;
      }
      if (stored && cartKeyOf(stored) === cartKey) mirroredKey.current = cartKey; // already in sync
    }
    if (mirroredKey.current === cartKey) return;
    mirroredKey.current = cartKey;
    if (cartKey === "") writeStored([]);
    else void loadCart("/cart");
  }, [cartKey, cookieMissing, loadCart, submitRestore]);

  useEffect(() => {
    if (!resolved.data) return;
    writeStored(
      resolved.data.lines.map((l) => ({
        id: l.id,
        itemId: l.itemId,
        itemType: l.itemType,
        title: l.title,
        price: l.unitPrice,
        quantity: l.quantity,
        image_url: l.imageUrl,
      })),
    );
  }, [resolved.data]);

  return null;
}
