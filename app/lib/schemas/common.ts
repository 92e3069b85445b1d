import { z } from "~/lib/schemas/zod";

// Library messages (a duplicated field, a wrong type) are German too: no English default reaches a visitor.
z.config(z.locales.de());

/**
 * C0 control characters (tab, line feed and carriage return excepted) and DEL: nobody types them,
 * and PostgreSQL refuses NUL in text outright, which would turn a stray byte into a server error.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = "Bitte entferne unsichtbare Steuerzeichen aus deiner Eingabe.";
export const withoutControlCharacters = (value: string | undefined) => !value || !CONTROL_CHARACTERS.test(value);

/** Field rules shared by every form; each rule carries its German message. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Bitte gib ${label} ein.` })
    .trim()
    .min(1, `Bitte gib ${label} ein.`)
    .max(max, `Bitte höchstens ${max} Zeichen eingeben.`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Bitte höchstens ${max} Zeichen eingeben.`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .optional();

export const emailField = (
  message = "Bitte gib eine gültige E-Mail-Adresse ein.",
  missing = "Bitte gib deine E-Mail-Adresse ein.",
) =>
  z
    .string({ error: missing })
    .trim()
    .max(254, "Die E-Mail-Adresse ist zu lang.")
    .pipe(z.email({ error: message }));

export const GERMAN_ZIPCODE_MESSAGE = "Eine deutsche Postleitzahl hat fünf Ziffern.";

/** Whether a country entry means Germany (then the five-digit postcode rule applies). */
export function isGermany(country: string | undefined) {
  return /^(deutschland|germany|de)$/i.test((country ?? "").trim());
}

/**
 * The German five-digit postcode rule, for an object schema with `zipcode` and `country`. An object
 * refinement normally runs only once every field is valid, so the postcode error would come a round
 * later than the others; `when` lets it run as soon as the two fields it reads are strings.
 */
export function germanZipcodeRule<S extends z.ZodObject>(schema: S): S {
  return schema.refine(
    (parsed) => {
      const { zipcode, country } = parsed as { zipcode?: string; country?: string };
      return !zipcode || !isGermany(country) || /^[0-9]{5}$/.test(zipcode);
    },
    {
      path: ["zipcode"],
      message: GERMAN_ZIPCODE_MESSAGE,
      when: ({ value }) => {
        const fields = (value ?? {}) as { zipcode?: unknown; country?: unknown };
        return typeof fields.zipcode === "string" && typeof fields.country === "string";
      },
    },
  );
}
