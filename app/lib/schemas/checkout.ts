import { z } from "zod";
import { emailField, germanZipcodeRule, optionalText, requiredText } from "./common";

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
    notes: optionalText(1000),
  }),
);

export type CheckoutInput = z.infer<typeof checkoutSchema>;
