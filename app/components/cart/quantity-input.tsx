import type { ComponentProps } from "react";
import { MAX_LINE_QUANTITY } from "~/lib/cart";

/**
 * The cart's quantity field: the same limits on the product page and in the cart. `seatsLeft`
 * lowers the maximum to the seats an event has left, so the browser says so before the server does.
 */
export function QuantityInput({
  seatsLeft = null,
  ...props
}: Omit<ComponentProps<"input">, "name" | "type" | "inputMode" | "max" | "step"> & { seatsLeft?: number | null }) {
  const max = seatsLeft === null ? MAX_LINE_QUANTITY : Math.max(1, Math.min(MAX_LINE_QUANTITY, seatsLeft));
  return <input name="quantity" type="number" inputMode="numeric" max={max} step={1} {...props} />;
}
