import type { SessionUser } from "~/server/http/context.server";
import type { EmailChangeOutcome, EmailChangeRequest, PendingEmailChange } from "~/server/members/email-change.server";

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * What /auth and the auth middleware need from an auth backend. Each call works on the request's
 * cookies and returns the Set-Cookie headers to send, so local sessions and Supabase's cookies
 * travel the same way.
 */
export interface AuthProvider {
  currentUser(request: Request): Promise<{ user: SessionUser | null; headers: Headers }>;
  /**
   * Creates the account and mails a confirmation link. An address that already has an account
   * answers exactly the same (no error, same work before returning); its owner gets a mail instead.
   */
  signUp(request: Request, input: SignUpInput): Promise<void>;
  signIn(request: Request, email: string, password: string): Promise<{ user: SessionUser; headers: Headers }>;
  /** Scope global: every session of the user ends. */
  signOut(request: Request): Promise<Headers>;
  /** Whether `password` is the signed-in user's current password (re-authentication). */
  verifyPassword(request: Request, user: SessionUser, password: string): Promise<boolean>;
  /**
   * Sets a new password after checking the current one (AuthError invalid_credentials otherwise);
   * every other session ends, this browser stays signed in (the returned cookies).
   */
  changePassword(request: Request, user: SessionUser, currentPassword: string, newPassword: string): Promise<Headers>;
  /** Mails a one-time reset link when the address has an account; silent otherwise. */
  requestPasswordReset(request: Request, email: string): Promise<Headers>;
  /** Whether a reset link's token (local) or code (Supabase) can still be used; changes nothing. */
  canResetPassword(link: PasswordResetLink): Promise<boolean>;
  /**
   * Uses the link once: new password, every session ends (AuthError invalid_token otherwise).
   * Returns the account's e-mail too, so the sign-in form can offer it.
   */
  resetPassword(
    request: Request,
    link: PasswordResetLink,
    newPassword: string,
  ): Promise<{ headers: Headers; email: string }>;
  /** Whether the signed-in user's address is confirmed (local: our link; Supabase: email_confirmed_at). */
  isEmailConfirmed(request: Request, user: SessionUser): Promise<boolean>;
  /** Mails a new confirmation link; false when nothing was sent (limit reached, already confirmed). */
  resendEmailConfirmation(request: Request, user: SessionUser): Promise<boolean>;
  /** Whether a confirmation link (local token) can still be used; changes nothing. */
  canConfirmEmail(token: string | undefined): Promise<boolean>;
  /** Uses a confirmation link once; false for an unknown, used or expired one. */
  confirmEmail(token: string | undefined): Promise<boolean>;
  /**
   * Starts a change of the signed-in user's address (the caller has checked the password): a link
   * to the new address, which changes only when it is used. An address that has an account answers
   * the same ("sent"); its owner gets a mail instead. "limited" when nothing was sent.
   */
  requestEmailChange(request: Request, user: SessionUser, newEmail: string): Promise<EmailChangeRequest>;
  /** The change of address that waits for its link, if any. */
  pendingEmailChange(request: Request, user: SessionUser): Promise<PendingEmailChange | null>;
  /** Whether a change link (local token) can still be used; changes nothing. */
  canChangeEmail(token: string | undefined): Promise<boolean>;
  /** Uses a change link once. */
  changeEmail(token: string | undefined): Promise<EmailChangeOutcome>;
}

/** What a reset link carries: our own token (local provider) or Supabase's PKCE code. */
export interface PasswordResetLink {
  token?: string;
  code?: string;
}
