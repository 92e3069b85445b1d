import { z } from "~/lib/schemas/zod";
import { emailField, optionalText, requiredText } from "~/lib/schemas/common";

export const CANCELLATION_KINDS = ["ordentlich", "ausserordentlich"] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];
export const KIND_LABELS: Record<CancellationKind, string> = {
  ordentlich: "ordentlich",
  ausserordentlich: "außerordentlich",
};

export const LINE_BREAK_MESSAGE = "Bitte ohne Zeilenumbruch eingeben.";
const singleLine = (value: string | undefined) => !value || !/[\r\n]/.test(value);

/**
 * The § 312k cancellation form: no more and no less than the law asks. The contract is optional for
 * a signed-in member (their membership is meant); the reason is needed only for außerordentlich.
 * Whether the wished end lies in the past is checked by the server on the shop's clock.
 */
export function cancellationSchema({ signedIn }: { signedIn: boolean }) {
  return z
    .object({
      kind: z.enum(CANCELLATION_KINDS, { error: "Bitte wähle die Art der Kündigung." }),
      reason: optionalText(2000),
      name: requiredText("deinen Namen", 200).refine(singleLine, LINE_BREAK_MESSAGE),
      email: emailField().refine(singleLine, LINE_BREAK_MESSAGE),
      contract: signedIn
        ? optionalText(100).refine(singleLine, LINE_BREAK_MESSAGE)
        : requiredText("deine Mitglieds- oder Bestellnummer", 100).refine(singleLine, LINE_BREAK_MESSAGE),
      wishedEnd: z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Bitte gib ein Datum ein (TT.MM.JJJJ).")
        .refine((v) => !Number.isNaN(Date.parse(v)), "Bitte gib ein gültiges Datum ein.")
        .optional(),
      confirmationEmail: emailField("Bitte gib eine gültige E-Mail-Adresse für die Bestätigung ein.")
        .refine(singleLine, LINE_BREAK_MESSAGE)
        .optional(),
    })
    .refine((v) => v.kind !== "ausserordentlich" || Boolean(v.reason), {
      path: ["reason"],
      message: "Bitte gib den Grund für die außerordentliche Kündigung an.",
      when: ({ value }) => typeof value === "object" && value !== null,
    });
}

export type CancellationInput = z.infer<ReturnType<typeof cancellationSchema>>;

/** Today in Berlin as YYYY-MM-DD (for the shop clock's date). */
export function berlinDate(at: Date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(at);
}
