import { z } from "zod";
import { emailField, optionalText } from "./common";

/** The exact consent text shown under the form and stored with each request (proof of consent). */
export const NEWSLETTER_CONSENT_TEXT =
  "Ich möchte den BeHappy-Newsletter mit Impulsen, Angeboten und Veranstaltungen per E-Mail erhalten. " +
  "Nach dem Absenden bekomme ich eine E-Mail, mit der ich die Anmeldung bestätige (Double-Opt-in). " +
  "Ich kann mich jederzeit über den Abmeldelink in jeder E-Mail wieder abmelden.";

/** Spec §5: e-mail required; first and last name optional (shown with the showName option). */
export const newsletterSchema = z.object({
  email: emailField(),
  firstName: optionalText(100),
  lastName: optionalText(100),
  redirectTo: z.string().max(500).optional(),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** The one-time tokens in mailed links: base64url, 43 characters for 32 random bytes. */
export const tokenSchema = z
  .string({ error: "Der Link ist unvollständig." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, "Der Link ist ungültig.");
