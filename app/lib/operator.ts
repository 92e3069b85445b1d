/**
 * The shop operator as the Impressum, mails, invoices and the GiroCode show it. The values come
 * from the environment (app/server/platform/operator.server.ts); pages receive them through loaders.
 */
export type VatMode = "regular" | "small-business";

export interface Operator {
  /** True while the built-in example values are in use (marked "Beispieldaten" everywhere). */
  isExample: boolean;
  company: string;
  brand: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  managingDirector: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
  taxNumber: string;
  email: string;
  privacyEmail: string;
  /** E.164 for tel: links. */
  phone: string;
  phoneDisplay: string;
  /** Person responsible for journalistic-editorial content (§ 18 Abs. 2 MStV). */
  contentResponsible: string;
  supervisoryAuthority: string;
  bank: { holder: string; iban: string; bic: string; name: string };
  /** Where the shop itself is told about withdrawals. */
  notificationEmail: string;
  vatMode: VatMode;
}

/**
 * The seller as an invoice prints it (§ 14 Abs. 4 Nr. 1, 2 UStG). Stored with each invoice when it
 * is issued, so a later change of the operator's data never changes an issued invoice.
 */
export type InvoiceSeller = Pick<
  Operator,
  | "company"
  | "street"
  | "postalCode"
  | "city"
  | "country"
  | "managingDirector"
  | "registerCourt"
  | "registerNumber"
  | "vatId"
  | "taxNumber"
  | "email"
  | "bank"
> & {
  /** E.164; in snapshots from issue 28 on (the e-invoice's seller contact), absent in older ones. */
  phone?: string;
};

export function sellerOf(op: Operator): InvoiceSeller {
  const { company, street, postalCode, city, country, managingDirector, registerCourt, registerNumber } = op;
  const { vatId, taxNumber, email, bank, phone } = op;
  return {
    company,
    street,
    postalCode,
    city,
    country,
    managingDirector,
    registerCourt,
    registerNumber,
    vatId,
    taxNumber,
    email,
    phone,
    bank: { ...bank },
  };
}

export function operatorAddressLines(op: Pick<Operator, "company" | "street" | "postalCode" | "city" | "country">) {
  return [op.company, op.street, `${op.postalCode} ${op.city}`, op.country];
}

/** The § 19 UStG note shown instead of VAT for a small business. */
export const SMALL_BUSINESS_NOTE = "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.";

/** What stands next to every price a customer sees (PAngV). */
export function vatNote(mode: VatMode) {
  return mode === "small-business" ? SMALL_BUSINESS_NOTE : "inkl. MwSt.";
}

export function normalizeIban(iban: string) {
  return iban.replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616: country code, two check digits, up to 30 alphanumerics; the mod-97 remainder is 1. */
export function isValidIban(input: string) {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("DE") && iban.length !== 22) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Groups of four, as printed on cards and statements. */
export function formatIban(iban: string) {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** 8 or 11 characters: bank, country, location, optional branch. */
export function isValidBic(bic: string) {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim().toUpperCase());
}
