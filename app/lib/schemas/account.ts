import { z } from "~/lib/schemas/zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/schemas/auth";
import { emailField } from "~/lib/schemas/common";

const newPassword = z
  .string({ error: "Bitte wähle ein neues Passwort." })
  .min(PASSWORD_MIN, `Das Passwort muss mindestens ${PASSWORD_MIN} Zeichen lang sein.`)
  .max(PASSWORD_MAX, `Das Passwort darf höchstens ${PASSWORD_MAX} Zeichen lang sein.`);

const currentPassword = z
  .string({ error: "Bitte gib dein aktuelles Passwort ein." })
  .max(PASSWORD_MAX, "Das Passwort ist zu lang.");

const confirmation = <T extends { password: string; passwordConfirm: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.passwordConfirm) {
    ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "Die Passwörter stimmen nicht überein." });
  }
};

/** /auth/forgot: only the address; the answer is the same whether it exists or not. */
export const forgotPasswordSchema = z.object({ email: emailField() });

/** /auth/reset: the mailed token (or Supabase's code) travels in a hidden field. */
export const resetPasswordSchema = z
  .object({
    token: z.string().max(512).optional(),
    code: z.string().max(512).optional(),
    password: newPassword,
    passwordConfirm: z.string({ error: "Bitte wiederhole das neue Passwort." }),
  })
  .superRefine(confirmation);

/** /account/password: the current password is required. */
export const changePasswordSchema = z
  .object({
    currentPassword,
    password: newPassword,
    passwordConfirm: z.string({ error: "Bitte wiederhole das neue Passwort." }),
  })
  .superRefine(confirmation)
  .refine((v) => v.currentPassword !== v.password, {
    path: ["password"],
    message: "Das neue Passwort muss sich vom aktuellen unterscheiden.",
  });

/**
 * /account/email: the new address (not the one the member signs in with now), and the current
 * password to prove it is the owner asking.
 */
export const changeEmailSchema = (currentEmail: string) =>
  z
    .object({ email: emailField(), currentPassword })
    .refine((value) => value.email.toLowerCase() !== currentEmail.toLowerCase(), {
      path: ["email"],
      message: ACCOUNT_MESSAGES.sameEmail,
    });

/** /account/delete: the password and an explicit confirmation. */
export const deleteAccountSchema = z.object({
  currentPassword,
  confirm: z.literal("on", { error: "Bitte bestätige, dass du dein Konto endgültig löschen möchtest." }),
});

export const ACCOUNT_MESSAGES = {
  resetRequested: "Wenn es zu dieser E-Mail-Adresse ein Konto gibt, haben wir dir einen Link geschickt.",
  resetRequestedDescription: "Der Link ist 60 Minuten gültig. Bitte schau auch in deinen Spam-Ordner.",
  resetDone: "Dein Passwort wurde geändert.",
  resetDoneDescription: "Du wurdest auf allen Geräten abgemeldet. Bitte melde dich mit dem neuen Passwort an.",
  passwordChanged: "Dein Passwort wurde geändert.",
  passwordChangedDescription: "Alle anderen Sitzungen wurden beendet.",
  wrongPassword: "Das aktuelle Passwort ist falsch.",
  sameEmail: "Das ist schon deine E-Mail-Adresse.",
  emailChangeSent: "Bitte bestätige deine neue E-Mail-Adresse.",
  emailChangeSentDescription:
    "Wir haben dir einen Link an die neue Adresse geschickt (24 Stunden gültig). Bis du ihn öffnest, meldest du dich mit der bisherigen an.",
  emailChangeFailed: "Die E-Mail-Adresse konnte nicht geändert werden. Bitte versuche es später erneut.",
  emailChanged: "Deine E-Mail-Adresse wurde geändert.",
  emailChangedDescription: "Melde dich ab jetzt mit der neuen Adresse an.",
  accountDeleted: "Dein Konto wurde gelöscht.",
  exportFailed: "Deine Daten konnten nicht exportiert werden. Bitte versuche es später erneut.",
  deleteFailed: "Dein Konto konnte nicht gelöscht werden. Bitte versuche es später erneut.",
} as const;

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
