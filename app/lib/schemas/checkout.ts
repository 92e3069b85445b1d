import { z } from "~/lib/schemas/zod";
import {
  emailField,
  GERMAN_ZIPCODE_MESSAGE,
  germanZipcodeRule,
  isGermany,
  optionalText,
  requiredText,
} from "~/lib/schemas/common";
import { businessFields } from "~/lib/vat-id";

const PHONE = /^[0-9+()/.\s-]{3,30}$/;
const phone = optionalText(30).refine(
  (v) => !v || PHONE.test(v),
  "Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -).",
);

export const SALUTATIONS = ["", "Frau", "Herr", "Divers"] as const;

/** Spec §5 Checkout, with explicit bounds; the German postcode rule applies only to Germany. */
export const checkoutSchema = germanZipcodeRule(
  z.object({
    checkoutToken: z.uuid({ error: "Die Bestellung ist ungültig. Bitte lade die Seite neu." }),
    // The fingerprint of the summary shown above the button (§ 312j); checked against the order.
    summary: z.string().max(64).optional(),
    salutation: z.enum(SALUTATIONS, { error: "Bitte wähle eine Anrede aus der Liste." }).optional(),
    firstName: requiredText("deinen Vornamen", 100),
    lastName: requiredText("deinen Nachnamen", 100),
    email: emailField(),
    street: requiredText("Straße und Hausnummer", 200),
    zipcode: requiredText("deine Postleitzahl", 20),
    city: requiredText("deinen Ort", 100),
    country: requiredText("dein Land", 100),
    areacode: optionalText(10).refine(
      (v) => !v || /^\+?[0-9]{1,6}$/.test(v),
      "Bitte gib eine gültige Vorwahl ein, z. B. +49.",
    ),
    phone,
    mobile: phone,
    // E-invoices for business customers: both optional; the invoice names them.
    ...businessFields,
    notes: optionalText(1000),
    // "Lieferadresse weicht ab": a delivery address other than the billing address (shipped products).
    deliveryDifferent: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()).optional(),
    deliveryName: optionalText(201),
    deliveryStreet: optionalText(200),
    deliveryZipcode: optionalText(20),
    deliveryCity: optionalText(100),
    deliveryCountry: optionalText(100),
  }),
).superRefine((value, ctx) => {
  if (!value.deliveryDifferent) return;
  const required = [
    ["deliveryName", "den Namen für die Lieferung"],
    ["deliveryStreet", "Straße und Hausnummer der Lieferadresse"],
    ["deliveryZipcode", "die Postleitzahl der Lieferadresse"],
    ["deliveryCity", "den Ort der Lieferadresse"],
    ["deliveryCountry", "das Land der Lieferadresse"],
  ] as const;
  for (const [key, label] of required) {
    if (!value[key]?.trim()) ctx.addIssue({ code: "custom", path: [key], message: `Bitte gib ${label} ein.` });
  }
  if (
    value.deliveryZipcode &&
    value.deliveryCountry &&
    isGermany(value.deliveryCountry) &&
    !/^[0-9]{5}$/.test(value.deliveryZipcode)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["deliveryZipcode"],
      message: GERMAN_ZIPCODE_MESSAGE,
    });
  }
});

/** The delivery address to store, or null when the goods go to the billing address. */
export function deliveryAddressOf(input: z.infer<typeof checkoutSchema>) {
  if (!input.deliveryDifferent) return null;
  return {
    name: input.deliveryName!.trim(),
    street: input.deliveryStreet!.trim(),
    zipcode: input.deliveryZipcode!.trim(),
    city: input.deliveryCity!.trim(),
    country: input.deliveryCountry!.trim(),
  };
}

export type CheckoutInput = z.infer<typeof checkoutSchema>;
