import { z } from "~/lib/schemas/zod";

// Spec §5 Join form: these English messages are the spec's, character for character.
export const joinSchema = z.object({
  firstName: z
    .string({ error: "First name must be at least 2 characters." })
    .trim()
    .min(2, "First name must be at least 2 characters.")
    .max(100, "Bitte höchstens 100 Zeichen eingeben."),
  lastName: z
    .string({ error: "Last name must be at least 2 characters." })
    .trim()
    .min(2, "Last name must be at least 2 characters.")
    .max(100, "Bitte höchstens 100 Zeichen eingeben."),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
});
