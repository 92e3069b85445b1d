import type { ComponentProps } from "react";
import { MAX_LINE_QUANTITY } from "~/lib/cart";

/** The cart's quantity field: the same limits on the product page and in the cart. */
export function QuantityInput(props: Omit<ComponentProps<"input">, "name" | "type" | "inputMode" | "max" | "step">) {
  return <input name="quantity" type="number" inputMode="numeric" max={MAX_LINE_QUANTITY} step={1} {...props} />;
}
