import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { itemCount, sanitizeLines, type CartItemType, type CartLine } from "~/lib/cart";

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

/** sessionStorage: this tab has compared its copy with the server's cart once. */
const CHECKED_KEY = "cart-mirror-checked";

function checkedInThisTab() {
  try {
    return window.sessionStorage.getItem(CHECKED_KEY) === "1";
  } catch {
    return false;
  }
}

function markChecked() {
  try {
    window.sessionStorage.setItem(CHECKED_KEY, "1");
  } catch {
    // Blocked storage: the next page compares again.
  }
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
 *
 * The page says only how many items the cart holds (pages are cached by that count,
 * server/page-cache.ts), so the lines come from /cart: whenever the layout's data is renewed (after
 * every action), and on the first page of a tab unless the copy holds as many items as the cart.
 */
export function CartMirror({
  cartCount,
  cookieMissing,
  revision,
}: {
  cartCount: number;
  cookieMissing: boolean;
  /** The layout's loader data: a new object whenever it was loaded again. */
  revision: unknown;
}) {
  const restore = useFetcher();
  const resolved = useFetcher<ResolvedCart>();
  const seen = useRef<unknown>(null);
  const loadCart = resolved.load;
  const submitRestore = restore.submit;

  useEffect(() => {
    if (seen.current === revision) return;
    const first = seen.current === null;
    seen.current = revision;
    if (first) {
      const stored = readStored();
      if (cookieMissing && stored && stored.length > 0) {
        // The restored cart renews the layout's data, which brings its lines back here.
        void submitRestore(
          { intent: "restore", lines: JSON.stringify(stored), _js: "1" },
          { method: "post", action: "/cart" },
        );
        return;
      }
      if (stored && itemCount(stored) === cartCount && checkedInThisTab()) return;
    }
    if (cartCount > 0) return void loadCart("/cart");
    writeStored([]);
    markChecked();
  }, [revision, cartCount, cookieMissing, loadCart, submitRestore]);

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
    markChecked();
  }, [resolved.data]);

  return null;
}
