import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { accountExistsMail, emailChangeTakenMail } from "~/server/members/account-mails.server";
import { clearSignInLimits } from "~/server/members/known-device.server";
import { AUTH_MESSAGES } from "~/lib/account-messages";
import { AuthError } from "~/server/members/auth-errors";
import { enqueuePasswordChangedMail } from "~/server/members/password-reset.server";
import type { AuthProvider } from "~/server/members/auth-provider";

/**
 * Supabase Auth via @supabase/ssr: one client per request, cookies in and out through the
 * request/response headers, and authorisation from getClaims() (verified JWT), never from the
 * unverified session object.
 */
async function clientFor(request: Request, headers: Headers) {
  // Loaded on first use: a shop on local auth never pays for (or hears warnings from) supabase-js.
  const [{ createServerClient, parseCookieHeader, serializeCookieHeader }, { default: WebSocket }] = await Promise.all([
    import("@supabase/ssr"),
    import("ws"),
  ]);
  return createServerClient(env().SUPABASE_URL!, env().SUPABASE_ANON_KEY!, {
    cookies: {
      getAll: () =>
        parseCookieHeader(request.headers.get("Cookie") ?? "").map((c) => ({ name: c.name, value: c.value ?? "" })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          headers.append("Set-Cookie", serializeCookieHeader(name, value, options));
        }
      },
    },
    // Node 20 has no native WebSocket; supabase-js needs one even though we never subscribe.
    realtime: { transport: WebSocket as never },
  });
}

export const supabaseProvider: AuthProvider = {
  async currentUser(request) {
    const headers = new Headers();
    const { data, error } = await (await clientFor(request, headers)).auth.getClaims();
    const claims = error ? null : data?.claims;
    const user = claims?.sub ? { id: claims.sub, email: String(claims.email ?? "") } : null;
    return { user, headers };
  },

  async signUp(request, { email, password, firstName, lastName }) {
    const { error } = await (
      await clientFor(request, new Headers())
    ).auth.signUp({
      email,
      password,
      options: { data: { first_name: firstName, last_name: lastName } },
    });
    if (error?.code === "user_already_exists" || error?.code === "email_exists") {
      // Only with "Confirm email" off does Supabase say so; answer as for a new address and tell the
      // owner by mail instead (with confirmation on, Supabase itself answers alike for both).
      const mail = { to: email, ...accountExistsMail({ link: publicUrl("/auth/forgot"), minutes: null }) };
      void withViewer(SERVICE, (tx) => enqueueMail(tx, mail)).catch((mailError: Error) =>
        logger.error("account-exists mail failed", { error: mailError.message }),
      );
      return;
    }
    if (error) throw new AuthError(error.message || AUTH_MESSAGES.signUpFallback, "unexpected");
  },

  async signIn(request, email, password) {
    const headers = new Headers();
    const { data, error } = await (await clientFor(request, headers)).auth.signInWithPassword({ email, password });
    if (error || !data.user) {
      const invalid = error?.code === "invalid_credentials";
      throw new AuthError(
        invalid ? AUTH_MESSAGES.invalidCredentials : error?.message || AUTH_MESSAGES.signInFallback,
        invalid ? "invalid_credentials" : "unexpected",
      );
    }
    return { user: { id: data.user.id, email: data.user.email ?? email }, headers };
  },

  async signOut(request) {
    const headers = new Headers();
    const { error } = await (await clientFor(request, headers)).auth.signOut({ scope: "global" });
    if (error) throw new AuthError(AUTH_MESSAGES.signOutError + error.message, "unexpected");
    return headers;
  },

  async verifyPassword(request, user, password) {
    // Re-authentication: a password sign-in whose cookies are thrown away.
    const { error } = await (
      await clientFor(request, new Headers())
    ).auth.signInWithPassword({ email: user.email, password });
    return !error;
  },

  async changePassword(request, user, currentPassword, newPassword) {
    const headers = new Headers();
    const client = await clientFor(request, headers);
    const { error: signInError } = await client.auth.signInWithPassword({
      email: user.email,
      password: currentPassword,
    });
    if (signInError) throw new AuthError(AUTH_MESSAGES.invalidCredentials, "invalid_credentials");
    const { error } = await client.auth.updateUser({ password: newPassword });
    if (error) throw passwordUpdateError(error, AUTH_MESSAGES.signInFallback);
    await client.auth.signOut({ scope: "others" });
    // Supabase changed the password over HTTP, outside any transaction of ours: the notice is
    // queued right after (a failure to queue is logged, the change itself stands).
    await withViewer(SERVICE, (tx) => enqueuePasswordChangedMail(tx, user.email)).catch((failure: Error) =>
      logger.error("password changed mail failed to queue", { error: failure.message }),
    );
    return headers;
  },

  async requestPasswordReset(request, email) {
    // PKCE: the code verifier goes into a cookie, so the link works in this browser.
    const headers = new Headers();
    const { error } = await (
      await clientFor(request, headers)
    ).auth.resetPasswordForEmail(email, {
      redirectTo: publicUrl("/auth/reset"),
    });
    // The page answers the same either way; only log-worthy failures reach the caller's logger.
    if (error && error.status !== 429 && error.status !== 400) throw new AuthError(error.message, "unexpected");
    return headers;
  },

  async canResetPassword(link) {
    // Supabase checks the code when it is exchanged; a malformed one is rejected early.
    return typeof link.code === "string" && /^[A-Za-z0-9_-]{8,512}$/.test(link.code);
  },

  async isEmailConfirmed(request) {
    // Supabase Auth's own confirmation: email_confirmed_at of the verified user (GET /auth/v1/user).
    const { data, error } = await (await clientFor(request, new Headers())).auth.getUser();
    if (error) throw new AuthError(error.message, "unexpected");
    return Boolean(data.user?.email_confirmed_at);
  },

  async resendEmailConfirmation(request, user) {
    const { error } = await (
      await clientFor(request, new Headers())
    ).auth.resend({ type: "signup", email: user.email, options: { emailRedirectTo: publicUrl("/dashboard") } });
    if (error && error.status !== 429) throw new AuthError(error.message, "unexpected");
    return !error;
  },

  async canConfirmEmail() {
    // Supabase's mailed links confirm on Supabase's own /auth/v1/verify, never on /auth/confirm.
    return false;
  },

  async confirmEmail() {
    return false;
  },

  async requestEmailChange(request, _user, newEmail) {
    // Supabase Auth mails the link (with "Secure email change" one to each address) and makes the
    // change on its own /auth/v1/verify, which then sends the member back to the profile.
    const { error } = await (
      await clientFor(request, new Headers())
    ).auth.updateUser({ email: newEmail }, { emailRedirectTo: publicUrl("/dashboard?tab=profile") });
    if (error?.status === 429) return "limited";
    if (error?.code === "email_exists") {
      // Answered as for a free address; only the owner of this one hears of it.
      await withViewer(SERVICE, (tx) => enqueueMail(tx, { to: newEmail, ...emailChangeTakenMail() }));
      return "sent";
    }
    if (error) throw new AuthError(error.message, "unexpected");
    return "sent";
  },

  async pendingEmailChange(request) {
    // Supabase Auth keeps the address that waits for confirmation as new_email (GET /auth/v1/user).
    const { data, error } = await (await clientFor(request, new Headers())).auth.getUser();
    if (error) throw new AuthError(error.message, "unexpected");
    return data.user?.new_email ? { email: data.user.new_email, until: null } : null;
  },

  async canChangeEmail() {
    return false;
  },

  async changeEmail() {
    return { changed: false, reason: "invalid" };
  },

  async resetPassword(request, link, newPassword) {
    const headers = new Headers();
    const client = await clientFor(request, headers);
    const { data: exchanged, error: exchangeError } = await client.auth.exchangeCodeForSession(link.code ?? "");
    if (exchangeError) throw new AuthError(AUTH_MESSAGES.resetLinkInvalid, "invalid_token");
    const { error } = await client.auth.updateUser({ password: newPassword });
    if (error) throw passwordUpdateError(error, AUTH_MESSAGES.resetLinkInvalid);
    // Every session ends, including the one the exchange just made; the user signs in again.
    await client.auth.signOut({ scope: "global" });
    // The owner is back in: the address's sign-in counters (shared and per known device) start from zero.
    const email = exchanged.user?.email ?? "";
    if (email) await clearSignInLimits(email.toLowerCase());
    return { headers, email };
  },
};

/** A refused new password: too weak or unchanged is the member's to fix, anything else is ours. */
function passwordUpdateError(error: { code?: string; message: string }, fallback: string) {
  const weak = error.code === "weak_password" || error.code === "same_password";
  return new AuthError(error.message || fallback, weak ? "weak_password" : "unexpected");
}
