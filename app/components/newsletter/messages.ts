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

/** What was typed into a newsletter form, as the page shows it again after a refusal. */
export type NewsletterValues = { email: string; firstName: string; lastName: string };

/**
 * What the action answers a plain HTML post (no JavaScript) it refuses: instead of a redirect that
 * would lose them, the /newsletter page renders its form with what was typed, the error at its
 * field or, when no field is to blame (rate limit, server error), as the form's notice.
 */
export type NewsletterRetry = NewsletterActionData & {
  outcome: Exclude<NewsletterOutcome, "success">;
  values: NewsletterValues;
  /** Where a success then goes: the page the visitor first sent the form from. */
  redirectTo: string;
  notice?: { message: string; description?: string };
};

/** The typed values of a newsletter post (text only; a file in their place counts as nothing). */
export function newsletterValuesOf(formData: FormData): NewsletterValues {
  const text = (name: keyof NewsletterValues) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: text("email"), firstName: text("firstName"), lastName: text("lastName") };
}
