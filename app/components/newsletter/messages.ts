import type { Toast } from "~/lib/toast";

/** Newsletter notices (spec §8), shared by the action and the form. */
export const NEWSLETTER_TOASTS = {
  success: {
    type: "success",
    message: "Erfolgreich angemeldet!",
    description:
      "Vielen Dank für deine Anmeldung zu unserem Newsletter. Wir haben dir eine E-Mail geschickt – bitte bestätige deine Anmeldung über den Link darin.",
  },
  duplicate: {
    type: "info",
    message: "Diese E-Mail ist bereits angemeldet",
    description: "Du erhältst bereits unseren Newsletter an diese E-Mail-Adresse.",
  },
  error: {
    type: "error",
    message: "Fehler bei der Anmeldung",
    description: "Bitte versuche es später erneut.",
  },
} as const satisfies Record<string, Toast>;

export type NewsletterOutcome = "success" | "duplicate" | "error" | "invalid";

/** What the action answers a script-enhanced (fetcher) submission. */
export type NewsletterActionData = {
  outcome: NewsletterOutcome;
  fieldErrors?: Partial<Record<"email" | "firstName" | "lastName", string[]>>;
};
