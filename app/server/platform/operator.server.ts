import { type Operator } from "~/lib/operator";
import { env, type Env } from "~/server/platform/env.server";

/**
 * The example operator: every value visibly marked, the phone number from the range the
 * Bundesnetzagentur keeps free for fiction (030 23125 xxx), the IBAN the standard's own example
 * (valid check digits, no real account behind it for this shop).
 */
const EXAMPLE = {
  company: "BeHappy GmbH (Beispieldaten)",
  street: "Musterstraße 12",
  postalCode: "10115",
  city: "Berlin",
  country: "Deutschland",
  managingDirector: "Sabine Hoffmann (Beispieldaten)",
  registerCourt: "Amtsgericht Berlin-Charlottenburg",
  registerNumber: "HRB 000000 B (Beispiel)",
  vatId: "DE000000000 (Beispiel)",
  taxNumber: "",
  email: "hallo@behappy.example",
  privacyEmail: "datenschutz@behappy.example",
  phone: "+493023125123",
  phoneDisplay: "+49 30 23125 123",
  contentResponsible: "Sabine Hoffmann (Beispieldaten), Anschrift wie oben",
  supervisoryAuthority: "Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin",
  bankHolder: "BeHappy GmbH",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  bankName: "Beispielbank (Beispieldaten)",
  notificationEmail: "bestellungen@behappy.example",
};

export function operatorFrom(e: Env): Operator {
  const company = e.OPERATOR_NAME || EXAMPLE.company;
  const email = e.OPERATOR_EMAIL || EXAMPLE.email;
  return {
    isExample: !e.OPERATOR_NAME,
    company,
    brand: "BeHappy",
    street: e.OPERATOR_STREET || EXAMPLE.street,
    postalCode: e.OPERATOR_POSTAL_CODE || EXAMPLE.postalCode,
    city: e.OPERATOR_CITY || EXAMPLE.city,
    country: e.OPERATOR_COUNTRY || EXAMPLE.country,
    managingDirector: e.OPERATOR_MANAGING_DIRECTOR || EXAMPLE.managingDirector,
    registerCourt: e.OPERATOR_REGISTER_COURT || EXAMPLE.registerCourt,
    registerNumber: e.OPERATOR_REGISTER_NUMBER || EXAMPLE.registerNumber,
    vatId: e.OPERATOR_VAT_ID || EXAMPLE.vatId,
    taxNumber: e.OPERATOR_TAX_NUMBER || EXAMPLE.taxNumber,
    email,
    privacyEmail: e.OPERATOR_PRIVACY_EMAIL || EXAMPLE.privacyEmail,
    phone: (e.OPERATOR_PHONE || EXAMPLE.phone).replace(/[^+\d]/g, ""),
    phoneDisplay: e.OPERATOR_PHONE_DISPLAY || e.OPERATOR_PHONE || EXAMPLE.phoneDisplay,
    contentResponsible: e.OPERATOR_CONTENT_RESPONSIBLE || EXAMPLE.contentResponsible,
    supervisoryAuthority: e.OPERATOR_SUPERVISORY_AUTHORITY || EXAMPLE.supervisoryAuthority,
    bank: {
      holder: e.BANK_ACCOUNT_HOLDER || (e.OPERATOR_NAME ? company : EXAMPLE.bankHolder),
      iban: (e.BANK_IBAN || EXAMPLE.iban).replace(/\s+/g, "").toUpperCase(),
      bic: (e.BANK_BIC || EXAMPLE.bic).trim().toUpperCase(),
      name: e.BANK_NAME || EXAMPLE.bankName,
    },
    notificationEmail: e.OPERATOR_NOTIFICATION_EMAIL || (e.OPERATOR_NAME ? email : EXAMPLE.notificationEmail),
    vatMode: e.VAT_MODE,
  };
}

let cached: Operator | undefined;
/** The operator of this deployment (validated with the rest of the environment at start). */
export function operator(): Operator {
  cached ??= operatorFrom(env());
  return cached;
}

/** What the DATEV export needs: numbers, fiscal year, frame and accounts (validated at start). */
export interface DatevSettings {
  consultantNumber: number;
  clientNumber: number;
  fiscalYearStartMonth: number;
  frame: "SKR03" | "SKR04";
  /** Sachkontenlänge: digits of a ledger account (the debtor has one more). */
  accountLength: number;
  accounts: Env["datevAccounts"];
}

export function datevSettingsFrom(e: Env): DatevSettings {
  return {
    consultantNumber: e.DATEV_CONSULTANT_NUMBER,
    clientNumber: e.DATEV_CLIENT_NUMBER,
    fiscalYearStartMonth: e.DATEV_FISCAL_YEAR_START_MONTH,
    frame: e.DATEV_ACCOUNT_FRAME,
    accountLength: e.datevAccounts.revenue19.length,
    accounts: e.datevAccounts,
  };
}

/** The DATEV settings of this deployment. */
export function datevSettings(): DatevSettings {
  return datevSettingsFrom(env());
}
