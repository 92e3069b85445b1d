/** Auth failures the UI shows; `message` is what the user reads (spec §8 Authentication). */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code:
      "invalid_credentials" | "user_exists" | "weak_password" | "missing_fields" | "invalid_token" | "unexpected",
  ) {
    super(message);
  }
}

export const AUTH_MESSAGES = {
  invalidCredentials: "E-Mail oder Passwort ist falsch.",
  userExists: "Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte melde dich an.",
  missingFields: "You must provide either an email or phone number and a password",
  signInFallback: "Authentication failed",
  signUpFallback: "Registration failed",
  signUpSuccess: "Account created successfully. You can now log in.",
  signInToContinue: "Bitte melde dich an, um fortzufahren.",
  checkoutNotice: "Bitte melde dich an oder registriere dich, um den Bestellvorgang fortzusetzen",
  signOutError: "Error signing out: ",
  signOutUnexpected: "Unexpected error during sign out",
  lockedOutHint:
    "Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Du kannst auch dein Passwort zurücksetzen, danach kannst du dich sofort anmelden:",
  resetLinkInvalid: "Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.",
} as const;
