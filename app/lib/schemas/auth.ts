import { z } from "~/lib/schemas/zod";
import { emailField, requiredText } from "~/lib/schemas/common";

// The spec gives the auth forms no client-side rules; these run on the server only.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const signInSchema = z.object({
  intent: z.literal("signin"),
  email: emailField(),
  password: z.string({ error: "Bitte gib dein Passwort ein." }).max(PASSWORD_MAX, "Das Passwort ist zu lang."),
});

export const signUpSchema = z.object({
  intent: z.literal("signup"),
  email: emailField(),
  password: z
    .string({ error: "Bitte wähle ein Passwort." })
    .min(PASSWORD_MIN, `Das Passwort muss mindestens ${PASSWORD_MIN} Zeichen lang sein.`)
    .max(PASSWORD_MAX, `Das Passwort darf höchstens ${PASSWORD_MAX} Zeichen lang sein.`),
  firstName: requiredText("deinen Vornamen", 100),
  lastName: requiredText("deinen Nachnamen", 100),
});

export const authSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);

/**
 * What the browser checks on /auth: nothing (spec §5: no client-side rules). The form still
 * validates in the browser with it, so typing after an answer never asks the server, and every
 * attempt reaches the auth service, whose answer the form shows.
 */
export const authFormSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
