import { z } from "~/lib/schemas/zod";
import { emailField, optionalText, requiredText } from "~/lib/schemas/common";

const PHONE = /^[0-9+()/.\s-]{3,30}$/;

/** Participant registration for a booked event (spec §5 Event registration). */
export const registrationSchema = z.object({
  orderItemId: z.uuid({ error: "Die Bestellposition wurde nicht gefunden." }),
  firstName: requiredText("den Vornamen", 100),
  lastName: requiredText("den Nachnamen", 100),
  // The participant's address, not the member's own.
  email: emailField(undefined, "Bitte gib die E-Mail-Adresse der teilnehmenden Person ein."),
  phone: optionalText(30).refine(
    (v) => !v || PHONE.test(v),
    "Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -).",
  ),
  notes: optionalText(2000),
});

export type RegistrationInput = z.infer<typeof registrationSchema>;

export const REGISTRATION_MESSAGES = {
  success: "Registration completed successfully!",
  // The spec's second success text: the toast's description, under the title above.
  submitted: "Registration details submitted successfully",
  limit: "Maximum number of registrations reached for this order",
  error: "Error submitting registration: ",
} as const;
