import { z } from "~/lib/schemas/zod";
import { emailField, optionalText, requiredText } from "~/lib/schemas/common";

export const withdrawalSchema = z.object({
  name: requiredText("deinen Namen", 200),
  email: emailField(),
  orderNumber: requiredText("deine Bestellnummer", 40).refine(
    (v) => /^[0-9a-f]{8}/i.test(v.replace(/^#/, "")),
    "Die Bestellnummer besteht aus 8 Zeichen (0–9, A–F), z. B. 3f2a9c1b.",
  ),
  note: optionalText(2000),
});

export type WithdrawalInput = z.infer<typeof withdrawalSchema>;
