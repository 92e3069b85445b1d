import { sql } from "kysely";
import { SERVICE, withViewer } from "~/server/db/db.server";
import {
  confirmEmailWithToken,
  isEmailConfirmationUsable,
  isLocalEmailConfirmed,
  sendEmailConfirmation,
  startEmailConfirmation,
} from "~/server/members/email-confirmation.server";
import { AUTH_MESSAGES } from "~/lib/account-messages";
import { AuthError } from "~/server/members/auth-errors";
import {
  changeEmailWithToken,
  isEmailChangeUsable,
  pendingLocalEmailChange,
  requestLocalEmailChange,
} from "~/server/members/email-change.server";
import { hashPassword, verifyPassword } from "~/server/members/password.server";
import {
  enqueuePasswordChangedMail,
  finishLocalPasswordReset,
  isLocalResetTokenUsable,
  setPasswordEndingSessions,
  startLocalPasswordReset,
} from "~/server/members/password-reset.server";
import type { AuthProvider, SignUpInput } from "~/server/members/auth-provider";
import { authSessionStorage } from "~/server/members/session.server";
import { isUuid } from "~/lib/uuid";
import { sessionUser } from "~/server/members/viewer-cache.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";

const SESSION_DAYS = 30;

/**
 * Users and sessions in Postgres (auth.users / auth.sessions, same columns as Supabase's), argon2id
 * hashes. Hashing happens outside the transaction: PGlite has one connection.
 */
export const localProvider: AuthProvider = {
  async currentUser(request) {
    const session = await authSessionStorage().getSession(request.headers.get("Cookie"));
    const sessionId: unknown = session.get("sessionId");
    const user = isUuid(sessionId) ? await sessionUser(sessionId) : null;
    return { user, headers: new Headers() };
  },

  async signUp(_request, { email, password, firstName, lastName }: SignUpInput) {
    // The same work for a new and a taken address (hash + one insert), mails after the response:
    // neither the answer nor its timing tells whether the address has an account.
    const passwordHash = await hashPassword(password);
    const created = await withViewer(SERVICE, (tx) =>
      tx
        .insertInto("auth.users")
        .values({
          email: email.toLowerCase(),
          encrypted_password: passwordHash,
          raw_user_meta_data: JSON.stringify({ first_name: firstName, last_name: lastName }),
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst(),
    );
    if (created) startEmailConfirmation(created.id);
    else void startLocalPasswordReset(email, "account-exists");
  },

  async signIn(request, email, password) {
    const user = await withViewer(SERVICE, (tx) =>
      tx
        .selectFrom("auth.users")
        .select(["id", "email", "encrypted_password"])
        .where("email", "=", email.toLowerCase())
        .executeTakeFirst(),
    );
    const ok = await verifyPassword(user?.encrypted_password ?? null, password);
    if (!user || !ok) throw new AuthError(AUTH_MESSAGES.invalidCredentials, "invalid_credentials");
    // A new session id on every sign-in (no fixation).
    const created = await withViewer(SERVICE, async (tx) => {
      await tx
        .updateTable("auth.users")
        .set({ last_sign_in_at: sql`now()` })
        .where("id", "=", user.id)
        .execute();
      return tx
        .insertInto("auth.sessions")
        .values({ user_id: user.id, not_after: sql`now() + make_interval(days => ${SESSION_DAYS})` })
        .returning("id")
        .executeTakeFirstOrThrow();
    });
    const storage = authSessionStorage();
    const session = await storage.getSession();
    session.set("sessionId", created.id);
    const headers = new Headers({ "Set-Cookie": await storage.commitSession(session) });
    return { user: { id: user.id, email: user.email ?? email }, headers };
  },

  async signOut(request) {
    const storage = authSessionStorage();
    const session = await storage.getSession(request.headers.get("Cookie"));
    const sessionId = session.get("sessionId");
    if (isUuid(sessionId)) {
      await withViewer(SERVICE, async (tx) => {
        await tx
          .deleteFrom("auth.sessions")
          .where("user_id", "in", (qb) => qb.selectFrom("auth.sessions").select("user_id").where("id", "=", sessionId))
          .execute();
        await invalidateViewers(tx);
      });
    }
    return new Headers({ "Set-Cookie": await storage.destroySession(session) });
  },

  async verifyPassword(_request, user, password) {
    const row = await withViewer(SERVICE, (tx) =>
      tx.selectFrom("auth.users").select("encrypted_password").where("id", "=", user.id).executeTakeFirst(),
    );
    return verifyPassword(row?.encrypted_password ?? null, password);
  },

  async changePassword(request, user, currentPassword, newPassword) {
    if (!(await localProvider.verifyPassword(request, user, currentPassword))) {
      throw new AuthError(AUTH_MESSAGES.invalidCredentials, "invalid_credentials");
    }
    const passwordHash = await hashPassword(newPassword);
    await withViewer(SERVICE, async (tx) => {
      await setPasswordEndingSessions(tx, user.id, passwordHash);
      await enqueuePasswordChangedMail(tx, user.email);
    });
    // Every old session is gone; this browser gets a fresh one.
    const { headers } = await localProvider.signIn(request, user.email, newPassword);
    return headers;
  },

  async requestPasswordReset(_request, email) {
    void startLocalPasswordReset(email);
    return new Headers();
  },

  canResetPassword(link) {
    return isLocalResetTokenUsable(link.token);
  },

  isEmailConfirmed(_request, user) {
    return isLocalEmailConfirmed(user.id);
  },

  resendEmailConfirmation(_request, user) {
    return sendEmailConfirmation(user.id);
  },

  canConfirmEmail(token) {
    return isEmailConfirmationUsable(token);
  },

  confirmEmail(token) {
    return confirmEmailWithToken(token);
  },

  requestEmailChange(_request, user, newEmail) {
    return requestLocalEmailChange(user, newEmail);
  },

  pendingEmailChange(_request, user) {
    return pendingLocalEmailChange(user.id);
  },

  canChangeEmail(token) {
    return isEmailChangeUsable(token);
  },

  changeEmail(token) {
    return changeEmailWithToken(token);
  },

  async resetPassword(request, link, newPassword) {
    const email = await finishLocalPasswordReset(link.token, newPassword);
    if (email === null) throw new AuthError(AUTH_MESSAGES.resetLinkInvalid, "invalid_token");
    // Sign this browser out too (its session row is already gone).
    const storage = authSessionStorage();
    const session = await storage.getSession(request.headers.get("Cookie"));
    return { headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }), email };
  },
};
