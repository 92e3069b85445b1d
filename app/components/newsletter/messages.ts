import type { Toast } from "~/lib/toast";

/** Newsletter notices (spec §8), shared by the action and the form. */
export const NEWSLETTER_TOASTS = {
  success: {
    type: "success",
    message: "Erfolgreich angemeldet!",
    description:
      "Vielen Dank für deine Anmeldung zu unserem Newsletter. Wir haben dir eine E-Mail geschickt – bitte bestätige deine Anmeldung über den Link darin.",
  },
  error: {
    type: "error",
    message: "Fehler bei der Anmeldung",
    description: "Bitte versuche es später erneut.",
  },
} as const satisfies Record<string, Toast>;

// No "duplicate": a known address gets the same answer as a new one (no subscriber oracle).
export type NewsletterOutcome = "success" | "error" | "invalid";

/** What the action answers a script-enhanced (fetcher) submission. */
export type NewsletterActionData = {
  outcome: NewsletterOutcome;
  fieldErrors?: Partial<Record<"email" | "firstName" | "lastName", string[]>>;
};
