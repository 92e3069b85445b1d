import { cartTotal } from "~/lib/cart";
import { env } from "~/server/platform/env.server";

/**
 * What the cart and checkout show before the order exists: the flat fee once when a line is shipped,
 * the same rule public.place_order applies in SQL from shop_settings (which the server writes from
 * the same SHIPPING_FEE at start), so the summary equals what will be charged.
 */
export function orderSums(
  lines: { unitPrice: number; quantity: number; shipped: boolean }[],
  fee: number = env().shippingFee,
) {
  const subtotal = cartTotal(lines.map((l) => ({ price: l.unitPrice, quantity: l.quantity })));
  const shipping = lines.some((l) => l.shipped) ? fee : 0;
  return {
    subtotal,
    shipping,
    total: cartTotal([
      { price: subtotal, quantity: 1 },
      { price: shipping, quantity: 1 },
    ]),
  };
}
