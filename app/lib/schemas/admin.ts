import { z } from "~/lib/schemas/zod";
import { parseGermanAmount } from "~/lib/amount";
import { FLAGS, ORDER_STATUSES } from "~/lib/admin/kinds";
import { CONTROL_CHARACTER_MESSAGE, optionalText, requiredText, withoutControlCharacters } from "~/lib/schemas/common";

/**
 * Admin forms (spec §5 Event/Course/Product form). German messages; prices are numbers with step
 * 0.01 and minimum 0, and a non-numeric entry becomes 0 (a preprocess, never z.coerce).
 */

/** The value a number input submits: a dot for decimals, maybe an exponent ("49.9", "1e5"). */
const NUMBER_INPUT_VALUE = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The price fields are number inputs, so a browser always submits '12.50' (a dot, never a thousands
 * separator): '12.345' is 12.345 and gets the cent error, not 12,345 €. German text from other
 * clients ('12,50', '1.000,00') is read by parseGermanAmount; empty, missing or non-numeric is 0
 * (spec §5). Negative stays negative (min 0 rejects it).
 */
export function toPrice(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const text = value.trim();
  if (NUMBER_INPUT_VALUE.test(text)) {
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : Math.sign(parsed) * Number.MAX_VALUE; // "1e999": too high
  }
  return parseGermanAmount(text) ?? 0;
}

const wholeCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const price = z.preprocess(
  toPrice,
  z
    .number()
    .min(0, { error: "Der Preis darf nicht negativ sein.", abort: true })
    .max(99_999_999.99, { error: "Der Preis ist zu hoch.", abort: true })
    .refine(wholeCents, "Bitte gib den Preis auf den Cent genau an, mit höchstens zwei Nachkommastellen.")
    .transform((n) => Math.round(n * 100) / 100),
);

/** A checkbox: 'on' (browser) or true/'true' is checked, anything else (absent) is not. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const imageUrl = z
  .string({ error: "Bitte gib eine Bild-URL ein." })
  .trim()
  .min(1, "Bitte gib eine Bild-URL ein.")
  .max(500, "Bitte höchstens 500 Zeichen eingeben.")
  .regex(/^(https?:\/\/|\/)\S*$/, "Bitte gib eine Bild-URL ein, die mit https:// oder / beginnt (ohne Leerzeichen).")
  .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

const flags = {
  show_on_startpage: checkbox,
  show_on_offer: checkbox,
};

/** VAT rates a catalogue item may carry (percent); the standard rate when the field is missing. */
export const VAT_RATES = ["19", "7"] as const;
const vatRate = z.preprocess(
  (value) => (value === undefined || value === "" ? "19" : value),
  z.enum(VAT_RATES, { error: "Bitte wähle 19 % oder 7 %." }).transform(Number),
);

/** "2027-03-14T10:00" as a datetime-local input sends it (Berlin time); empty is none. */
const localDateTime = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, {
      error: "Bitte gib Datum und Uhrzeit ein (TT.MM.JJJJ, HH:MM).",
      abort: true,
    })
    .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), "Bitte gib ein gültiges Datum ein.")
    .optional(),
);

/** Seats: a whole number from 1 to 100,000, or empty for unlimited. */
export const MAX_CAPACITY = 100_000;
const CAPACITY_MESSAGE = "Bitte gib eine ganze Zahl zwischen 1 und 100.000 ein oder lass das Feld leer.";
const capacity = z.preprocess(
  (value) => {
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") return undefined;
    return /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: CAPACITY_MESSAGE })
    .int(CAPACITY_MESSAGE)
    .min(1, CAPACITY_MESSAGE)
    .max(MAX_CAPACITY, CAPACITY_MESSAGE)
    .optional(),
);

/** Start, end and seats of an event or course (issue 27): the end after the start, no end without a start. */
const schedule = {
  starts_at: localDateTime,
  ends_at: localDateTime,
  capacity,
};
const endAfterStart = (v: { starts_at?: string; ends_at?: string }, ctx: z.RefinementCtx) => {
  if (v.ends_at && !v.starts_at)
    ctx.addIssue({ code: "custom", path: ["starts_at"], message: "Bitte gib auch den Beginn an." });
  else if (v.ends_at && v.starts_at && v.ends_at <= v.starts_at)
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "Das Ende muss nach dem Beginn liegen." });
};

/** Members pay the lower price ("Als Mitglied zahlst du den günstigeren Preis"); 0 is "Inklusive". */
const memberPriceNotAbove = (v: { price: number; behappy_price: number }, ctx: z.RefinementCtx) => {
  if (v.behappy_price > v.price)
    ctx.addIssue({
      code: "custom",
      path: ["behappy_price"],
      message: "Der BeHappy-Preis darf nicht höher sein als der Preis.",
    });
};

const eventFields = z.object({
  title: requiredText("einen Titel", 200),
  category: requiredText("eine Kategorie", 100),
  date: requiredText("ein Datum", 100),
  time: requiredText("eine Uhrzeit", 100),
  location: requiredText("einen Ort", 200),
  provider: optionalText(200),
  description: optionalText(10_000),
  image_url: imageUrl,
  price,
  behappy_price: price,
  vat_rate: vatRate,
  ...schedule,
  ...flags,
});

export const eventFormSchema = eventFields.superRefine(endAfterStart).superRefine(memberPriceNotAbove);

/** A course is an event whose date, time and place may be open (spec: "a course needs no date"). */
export const courseFormSchema = eventFields
  .extend({
    date: optionalText(100),
    time: optionalText(100),
    location: optionalText(200),
  })
  .superRefine(endAfterStart)
  .superRefine(memberPriceNotAbove);

export const productFormSchema = z
  .object({
    title: requiredText("einen Titel", 200),
    category: requiredText("eine Kategorie", 100),
    description: optionalText(10_000),
    details: optionalText(10_000),
    image_url: imageUrl,
    price,
    behappy_price: price,
    vat_rate: vatRate,
    availability: checkbox,
    shipped: checkbox,
    ...flags,
  })
  .superRefine(memberPriceNotAbove);

export type EventFormInput = z.infer<typeof eventFormSchema>;
export type CourseFormInput = z.infer<typeof courseFormSchema>;
export type ProductFormInput = z.infer<typeof productFormSchema>;

export const catalogFormSchemas = {
  events: eventFormSchema,
  courses: courseFormSchema,
  products: productFormSchema,
} as const;

const id = z.uuid({ error: "Der Eintrag ist ungültig." });

/** Row actions on the catalogue lists: toggle a flag, delete. */
export const catalogRowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("flag"), id, flag: z.enum(FLAGS), value: checkbox }),
  z.object({ intent: z.literal("delete"), id }),
]);

export const orderStatusSchema = z.object({ intent: z.literal("status"), id, status: z.enum(ORDER_STATUSES) });
// "open" is the list's 'Anzeigen' on a new message: it marks it read, then shows it (spec §4).
export const contactReadSchema = z.object({ intent: z.enum(["read", "open"]), id });

/** Membership by hand (profile dialog): grant a plan, extend or end, always with a reason. */
export const membershipAdminSchema = z
  .object({
    intent: z.literal("membership"),
    userId: id,
    action: z.enum(["grant", "extend", "end"], { error: "Bitte wähle eine Aktion." }),
    plan: z.string().trim().max(30).optional(),
    reason: z
      .string({ error: "Bitte gib einen Grund an." })
      .trim()
      .min(1, "Bitte gib einen Grund an.")
      .max(500, "Bitte höchstens 500 Zeichen eingeben."),
  })
  .refine((v) => v.action !== "grant" || Boolean(v.plan), { message: "Bitte wähle einen Plan.", path: ["plan"] });
