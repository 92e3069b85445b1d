import { z } from "~/lib/schemas/zod";
import { optionalText, requiredText } from "~/lib/schemas/common";
import { isValidIban, normalizeIban } from "~/lib/operator";
import { parseGermanAmount } from "~/lib/amount";
import { SEATS_FOR_DROPPED } from "~/lib/admin/partial-refund";

/** Admin forms about an order's money (issue 28): a payment received, a later payment deadline. */

const id = z.uuid({ error: "Die Bestellung ist ungültig." });
const isoDay = (message: string) => z.iso.date({ error: message });

/** The largest amount one payment row may hold (the table's bound). */
export const MAX_PAYMENT = 1_000_000;

export const paymentReceivedSchema = z.object({
  intent: z.literal("payment"),
  id,
  amount: z
    .string({ error: "Bitte gib den eingegangenen Betrag ein." })
    .trim()
    .min(1, "Bitte gib den eingegangenen Betrag ein.")
    .refine((value) => parseGermanAmount(value) !== null, "Bitte gib einen Betrag wie 129,00 ein.")
    .transform((value) => parseGermanAmount(value)!)
    .refine((value) => value > 0, "Der Betrag muss größer als 0 sein.")
    .refine((value) => value <= MAX_PAYMENT, "Der Betrag ist zu hoch."),
  bookedOn: isoDay("Bitte gib den Tag des Zahlungseingangs an."),
  note: optionalText(500),
});
export type PaymentReceivedInput = z.infer<typeof paymentReceivedSchema>;

export const paymentDeadlineSchema = z.object({
  intent: z.literal("deadline"),
  id,
  until: isoDay("Bitte gib die neue Zahlungsfrist an."),
});

/** The account a refund goes to: the customer's form, or the admin's. */
export const refundAccountSchema = z.object({
  holder: requiredText("den Namen der Kontoinhaberin oder des Kontoinhabers", 70),
  iban: z
    .string({ error: "Bitte gib deine IBAN ein." })
    .trim()
    .min(1, "Bitte gib deine IBAN ein.")
    .max(50, "Die IBAN ist zu lang.")
    .refine(isValidIban, "Diese IBAN stimmt nicht – bitte prüfe sie noch einmal.")
    .transform(normalizeIban),
});

export const refundDoneSchema = z.object({
  intent: z.literal("done"),
  id: z.uuid({ error: "Die Erstattung ist ungültig." }),
  doneOn: isoDay("Bitte gib den Tag der Überweisung an."),
});

const returnedQuantity = z
  .number({ error: "Bitte gib eine ganze Zahl ein." })
  .int("Bitte gib eine ganze Zahl ein.")
  .min(0, "Die Menge kann nicht negativ sein.")
  .max(10_000, "Die Menge ist zu hoch.")
  .optional();

/** "Teilerstattung": per order line the quantity taken back (empty is none), and who of an event line no longer comes. */
export const partialRefundSchema = z
  .object({
    intent: z.literal("partial-refund"),
    id,
    lines: z
      .array(
        z.object({
          item: z.uuid({ error: "Die Position ist ungültig." }),
          quantity: returnedQuantity,
          // An event line's participants who no longer come with the seats returned.
          dropped: z
            .array(z.uuid({ error: "Diese Teilnehmerauswahl ist ungültig." }))
            .max(200)
            .optional(),
        }),
      )
      .max(200),
  })
  .superRefine((value, ctx) => {
    if (value.lines.some((line) => (line.quantity ?? 0) > 0)) return;
    // Participants ticked but no quantity anywhere: the quantity of their line is what is missing.
    const ticked = value.lines.findIndex((line) => (line.dropped?.length ?? 0) > 0);
    if (ticked >= 0) {
      ctx.addIssue({ code: "custom", path: ["lines", ticked, "quantity"], message: SEATS_FOR_DROPPED });
      return;
    }
    ctx.addIssue({ code: "custom", message: "Wähle mindestens eine Position und ihre Menge." });
  });
export type PartialRefundInput = z.infer<typeof partialRefundSchema>;
