import { optionalText } from "~/lib/schemas/common";

/**
 * The shape of an EU VAT identification number per member state, as the Commission's VIES service
 * describes it (prefix + national pattern; Greece uses EL, Northern Ireland XI). Only the shape is
 * checked: whether the number exists is VIES's business, not a web form's.
 */
const VAT_ID_PATTERNS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** Upper case, without spaces, dots and dashes (how people copy it from letterheads). */
export function normalizeVatId(input: string) {
  return input.replace(/[\s.-]+/g, "").toUpperCase();
}

/** Whether the (normalised) input has the shape of an EU VAT id: known prefix + that country's pattern. */
export function isValidVatId(input: string) {
  const vatId = normalizeVatId(input);
  const pattern = VAT_ID_PATTERNS[vatId.slice(0, 2)];
  return pattern !== undefined && pattern.test(vatId.slice(2));
}

export const VAT_ID_MESSAGE = "Bitte gib eine gültige USt-IdNr. ein: Länderkürzel und Nummer, z. B. DE123456789.";

/** The optional "Firma" and "USt-IdNr." fields of checkout and profile; the VAT id comes out normalised. */
export const businessFields = {
  company: optionalText(200),
  vatId: optionalText(30)
    .refine((v) => !v || isValidVatId(v), VAT_ID_MESSAGE)
    .transform((v) => (v ? normalizeVatId(v) : v))
    .optional(),
};
