import { z } from "~/lib/schemas/zod";
import { ITEM_TYPES, MAX_LINE_QUANTITY } from "~/lib/cart";

const QUANTITY_MESSAGE = `Bitte gib eine ganze Zahl zwischen 1 und ${MAX_LINE_QUANTITY} ein.`;
// In the cart 0 is a valid answer too: it removes the line (spec §4 Cart), so the message says so.
const CART_QUANTITY_MESSAGE = `Bitte gib eine ganze Zahl zwischen 0 und ${MAX_LINE_QUANTITY} ein (0 entfernt den Artikel).`;
/** Whole numbers as people type them ("2", " -1 "); never Number()'s "1e1" or "0x10". Empty = not sent. */
const quantityWith = (message: string, min: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      return /^[+-]?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: message })
      .int(message)
      .min(min, message)
      .max(MAX_LINE_QUANTITY, `Pro Artikel sind höchstens ${MAX_LINE_QUANTITY} Stück möglich.`),
  );
const itemId = z.uuid({ error: "Dieser Artikel ist nicht mehr im Angebot." });
const lineId = z.string({ error: "Diese Position ist nicht mehr im Warenkorb." }).max(40);

/** Every cart control posts one of these intents to /cart (Hydrogen's cart pattern). */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    itemId,
    itemType: z.enum(ITEM_TYPES, { error: "Dieser Artikel ist nicht mehr im Angebot." }),
    quantity: quantityWith(QUANTITY_MESSAGE, 1).default(1),
  }),
  // 0 or less removes the line (spec §4 Cart).
  z.object({
    intent: z.literal("update"),
    lineId,
    quantity: quantityWith(CART_QUANTITY_MESSAGE, -MAX_LINE_QUANTITY),
  }),
  z.object({ intent: z.literal("remove"), lineId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("plan"), planId: itemId }),
  z.object({ intent: z.literal("restore"), lines: z.string().max(8000) }),
]);

export type CartAction = z.infer<typeof cartActionSchema>;
