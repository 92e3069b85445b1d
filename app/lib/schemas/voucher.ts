import { z } from "~/lib/schemas/zod";
import { parseGermanAmount } from "~/lib/amount";
import { VOUCHER_CODE_PATTERN, VOUCHER_KINDS, normaliseVoucherCode } from "~/lib/vouchers";

const CODE_MESSAGE = "Der Code hat 3 bis 32 Zeichen: Buchstaben, Ziffern, - oder _.";

export const voucherCode = z
  .string({ error: "Bitte gib einen Gutscheincode ein." })
  .trim()
  .min(1, "Bitte gib einen Gutscheincode ein.")
  .max(32, CODE_MESSAGE)
  .transform(normaliseVoucherCode)
  .refine((code) => VOUCHER_CODE_PATTERN.test(code), CODE_MESSAGE);

/** "Gutscheincode einlösen" in the cart and at the checkout. */
export const redeemVoucherSchema = z.object({ intent: z.literal("voucher-apply"), code: voucherCode });

/** An optional whole number of uses: empty is "unbegrenzt". */
const uses = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: `${label}: bitte eine ganze Zahl ab 1 eingeben.` })
      .int(`${label}: bitte eine ganze Zahl ab 1 eingeben.`)
      .min(1, `${label}: bitte eine ganze Zahl ab 1 eingeben.`)
      .max(1_000_000, `${label}: höchstens 1.000.000.`)
      .optional(),
  );

const AMOUNT_MESSAGE = "Bitte gib einen Betrag ein, z. B. 50,00.";

/**
 * An amount as an admin types it ("50", "12,50", "1.000,00", "50 €", "10 %"), negative kept so its own
 * message says why; anything else is NaN and refused. Not the catalogue's rule (unreadable is 0, spec
 * §5): a voucher saved as "ab 0,00 €" when "ab 50 €" was meant would apply to every order.
 */
function typedAmount(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/\s*(€|eur|euro|%)$/i, "");
  const negative = text.startsWith("-");
  const amount = parseGermanAmount(negative ? text.slice(1) : text);
  return amount === null ? Number.NaN : negative ? -amount : amount;
}

/** A money amount typed with comma or point; empty is undefined. */
const money = (negative: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : typedAmount(value)),
    z
      .number({ error: AMOUNT_MESSAGE })
      .min(0, negative)
      .max(99_999_999.99, "Der Betrag ist zu hoch.")
      .transform((n) => Math.round(n * 100) / 100)
      .optional(),
  );

const day = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.iso.date({ error: "Bitte gib ein Datum ein (TT.MM.JJJJ)." }).optional(),
);

/** /admin/gutscheine: a new code. */
export const voucherSchema = z
  .object({
    code: voucherCode,
    kind: z.enum(["percent", "fixed"], { error: "Bitte wähle Prozent oder Festbetrag." }),
    amount: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : typedAmount(value)),
      z
        .number({
          error: (issue) => (issue.input === undefined ? "Bitte gib den Rabatt ein." : AMOUNT_MESSAGE),
        })
        .min(0, "Der Rabatt darf nicht negativ sein.")
        .max(99_999_999.99, "Der Rabatt ist zu hoch.")
        .transform((n) => Math.round(n * 100) / 100),
    ),
    minOrder: money("Der Mindestbestellwert darf nicht negativ sein."),
    validFrom: day,
    validUntil: day,
    maxUses: uses("Einlösungen insgesamt"),
    maxUsesPerCustomer: uses("Einlösungen je Kunde"),
    // One ticked box arrives as a string, several as a list.
    itemKinds: z.preprocess(
      (value) => (value === undefined || value === "" ? undefined : [value].flat()),
      z
        .array(
          z.enum(VOUCHER_KINDS, { error: "Bitte wähle nur Produkte, Kurse, Veranstaltungen oder Mitgliedschaften." }),
        )
        .optional(),
    ),
    membersOnly: z.preprocess((value) => value === "on" || value === true, z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (v.amount === 0)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Der Rabatt muss größer als 0 sein." });
    if (v.kind === "percent" && v.amount > 100) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Ein Rabatt in Prozent kann höchstens 100 % sein." });
    }
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "Das Ende liegt vor dem Beginn." });
    }
  });

export type VoucherInput = z.infer<typeof voucherSchema>;
