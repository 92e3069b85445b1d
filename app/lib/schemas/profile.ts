import { z } from "~/lib/schemas/zod";
import { SALUTATIONS } from "~/lib/schemas/checkout";
import { germanZipcodeRule, isGermany, optionalText } from "~/lib/schemas/common";
import { businessFields } from "~/lib/vat-id";

export { isGermany };

const PHONE = /^[0-9+()/.\s-]{3,30}$/;
const phone = optionalText(30).refine(
  (v) => !v || PHONE.test(v),
  "Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -).",
);
const name = (label: string) =>
  optionalText(100).refine(
    (v) => !v || /^[^<>{}[\]\\|@#$%^*=_~`0-9]+$/u.test(v),
    `Bitte gib ${label} ohne Ziffern oder Sonderzeichen ein.`,
  );

/**
 * The profile form (spec §4 Profile, §5: no rules stated). Every field is optional (a new profile has
 * empty names) but bounded like the profiles table; the German postcode pattern applies only to
 * Germany. The e-mail is shown, not edited (it is the sign-in address).
 */
export const profileSchema = germanZipcodeRule(
  z.object({
    salutation: z.enum(SALUTATIONS, { error: "Bitte wähle eine Anrede aus der Liste." }).optional(),
    firstName: name("deinen Vornamen"),
    lastName: name("deinen Nachnamen"),
    street: optionalText(200),
    zipcode: optionalText(20).refine(
      (v) => !v || /^[0-9A-Za-z\s-]{2,20}$/.test(v),
      "Bitte gib eine gültige Postleitzahl ein.",
    ),
    city: optionalText(100),
    country: optionalText(100),
    areacode: optionalText(10).refine(
      (v) => !v || /^\+?[0-9]{1,6}$/.test(v),
      "Bitte gib eine gültige Vorwahl ein, z. B. +49.",
    ),
    phone,
    mobile: phone,
    ...businessFields,
  }),
);

export type ProfileInput = z.infer<typeof profileSchema>;
