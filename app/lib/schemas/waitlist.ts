import { z } from "~/lib/schemas/zod";
import { emailField, requiredText } from "~/lib/schemas/common";

/** Most seats one waitlist entry may ask for (the table's bound). */
export const MAX_WAITLIST_SEATS = 10;

/** Shown under the form; stored with the entry as the proof of what was agreed to. */
export const WAITLIST_CONSENT_TEXT =
  "Wir verwenden deinen Namen und deine E-Mail-Adresse nur, um dir zu schreiben, wenn ein Platz frei wird, und löschen deinen Eintrag eine Woche, nachdem du nicht mehr wartest, spätestens zum Beginn des Termins.";

/** The waitlist form of a sold-out event or course (issue 27). A course is booked once: one seat. */
export const waitlistSchema = z.object({
  name: requiredText("deinen Namen", 100),
  email: emailField(),
  seats: z.coerce
    .number({ error: "Bitte gib die Zahl der Plätze an." })
    .int("Bitte gib eine ganze Zahl an.")
    .min(1, "Mindestens 1 Platz.")
    .max(MAX_WAITLIST_SEATS, `Höchstens ${MAX_WAITLIST_SEATS} Plätze.`)
    .default(1),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
