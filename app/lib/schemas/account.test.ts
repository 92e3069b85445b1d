import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "~/lib/schemas/account";

/** Field errors of a submission (undefined on success). */
function errorsOf(submission: { status?: string }) {
  return (submission as unknown as { error?: Record<string, string[] | null> }).error ?? undefined;
}

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return formData;
}

describe("account schemas", () => {
  it("reset: at least 8 characters, both entries equal", () => {
    const short = parseWithZod(form({ token: "t", password: "kurz", passwordConfirm: "kurz" }), {
      schema: resetPasswordSchema,
    });
    expect(errorsOf(short)?.password).toEqual(["Das Passwort muss mindestens 8 Zeichen lang sein."]);
    const mismatch = parseWithZod(form({ token: "t", password: "lang-genug-1", passwordConfirm: "lang-genug-2" }), {
      schema: resetPasswordSchema,
    });
    expect(errorsOf(mismatch)?.passwordConfirm).toEqual(["Die Passwörter stimmen nicht überein."]);
    expect(
      parseWithZod(form({ token: "t", password: "lang-genug-1", passwordConfirm: "lang-genug-1" }), {
        schema: resetPasswordSchema,
      }).status,
    ).toBe("success");
  });

  it("change: needs the current password and a different new one", () => {
    const missing = parseWithZod(form({ password: "lang-genug-1", passwordConfirm: "lang-genug-1" }), {
      schema: changePasswordSchema,
    });
    expect(errorsOf(missing)?.currentPassword).toEqual(["Bitte gib dein aktuelles Passwort ein."]);
    const same = parseWithZod(
      form({ currentPassword: "lang-genug-1", password: "lang-genug-1", passwordConfirm: "lang-genug-1" }),
      {
        schema: changePasswordSchema,
      },
    );
    expect(errorsOf(same)?.password).toEqual(["Das neue Passwort muss sich vom aktuellen unterscheiden."]);
  });

  it("delete: password and the confirmation box", () => {
    const unchecked = parseWithZod(form({ currentPassword: "x" }), { schema: deleteAccountSchema });
    expect(errorsOf(unchecked)?.confirm).toEqual(["Bitte bestätige, dass du dein Konto endgültig löschen möchtest."]);
    expect(parseWithZod(form({ currentPassword: "x", confirm: "on" }), { schema: deleteAccountSchema }).status).toBe(
      "success",
    );
  });

  it("forgot: a valid e-mail address", () => {
    expect(errorsOf(parseWithZod(form({ email: "nope" }), { schema: forgotPasswordSchema }))?.email).toEqual([
      "Bitte gib eine gültige E-Mail-Adresse ein.",
    ]);
  });
});
