import { z } from "zod";

/** Field rules shared by every form; each rule carries its German message. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Bitte gib ${label} ein.` })
    .trim()
    .min(1, `Bitte gib ${label} ein.`)
    .max(max, `Bitte höchstens ${max} Zeichen eingeben.`);

export const optionalText = (max: number) =>
  z.string().trim().max(max, `Bitte höchstens ${max} Zeichen eingeben.`).optional();

export const emailField = (message = "Bitte gib eine gültige E-Mail-Adresse ein.") =>
  z
    .string({ error: "Bitte gib deine E-Mail-Adresse ein." })
    .trim()
    .max(254, "Die E-Mail-Adresse ist zu lang.")
    .pipe(z.email({ error: message }));
