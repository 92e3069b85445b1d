import { z } from "~/lib/schemas/zod";
import { emailField, requiredText } from "~/lib/schemas/common";

/** Contact form (spec §5): name, e-mail and message required, phone optional. Bounds match the table. */
export const contactSchema = z.object({
  name: requiredText("deinen Namen", 100),
  email: emailField(),
  phone: z
    .string()
    .trim()
    .max(50, "Bitte höchstens 50 Zeichen eingeben.")
    .regex(/^[0-9+()/\-.\s]*$/, "Bitte gib eine gültige Telefonnummer ein.")
    .optional(),
  message: requiredText("eine Nachricht", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
