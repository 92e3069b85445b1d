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
 * The § 312k cancellation form: no more and no less than the law asks. The contract reference is
 * optional (a signed-in member's membership is meant; signed out, name and e-mail identify it); the
 * reason is needed only for außerordentlich.
 * Whether the wished end lies in the past is checked by the server on the shop's clock.
 */
export function cancellationSchema() {
  return z
    .object({
      kind: z.enum(CANCELLATION_KINDS, { error: "Bitte wähle die Art der Kündigung." }),
      reason: optionalText(2000),
      name: requiredText("deinen Namen", 200).refine(singleLine, LINE_BREAK_MESSAGE),
      email: emailField().refine(singleLine, LINE_BREAK_MESSAGE),
      // Optional for everyone: a Free member has no order, and name and e-mail already identify a membership.
      contract: optionalText(100).refine(singleLine, LINE_BREAK_MESSAGE),
      wishedEnd: z
        .string()
        .trim()
        .transform(isoFromGermanDate)
        .pipe(
          z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Bitte gib ein Datum ein (TT.MM.JJJJ).", abort: true })
            .refine(isCalendarDay, "Diesen Tag gibt es nicht. Bitte prüfe das Datum."),
        )
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

/**
 * A browser without a date picker shows a text box: "31.12.2026" is what a German user types there.
 * Anything else passes through unchanged for the format check.
 */
function isoFromGermanDate(value: string) {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (!german) return value;
  const [, d, m, y] = german;
  return `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`;
}

/** "2026-02-30" parses as 2 March in JavaScript; a real calendar day reads back as itself. */
function isCalendarDay(value: string) {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
