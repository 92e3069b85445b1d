import { z } from "~/lib/schemas/zod";
import { emailField, optionalText } from "~/lib/schemas/common";

export { NEWSLETTER_CONSENT_TEXT } from "~/lib/newsletter-consent";

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
