/**
 * What the account's forms say: sign-in, sign-up and sign-out (spec §8 Authentication) and the
 * profile (spec §4). Some are the spec's English (components/message-text.tsx marks them). No
 * imports: the toaster in every page's first load reads these.
 */
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

export const PROFILE_MESSAGES = {
  created: "Profile created successfully",
  updated: "Profile updated successfully",
  createError: "Error creating profile: ",
  updateError: "Error updating profile: ",
  fetchError: "Error fetching profile: ",
} as const;
