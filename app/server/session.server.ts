import { createCookie, createCookieSessionStorage } from "react-router";
import { env } from "./env.server";

/**
 * Every cookie of the shop is signed with SESSION_SECRET (a list, newest first, for rotation),
 * HttpOnly, SameSite=Lax and Secure in production.
 */
export function cookieDefaults() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().isProduction,
    path: "/",
    secrets: env().sessionSecrets,
  };
}

let sessionStorage: ReturnType<typeof createSessionStorage> | undefined;

function createSessionStorage() {
  return createCookieSessionStorage<{ sessionId: string }>({
    cookie: { name: "__session", maxAge: 60 * 60 * 24 * 30, ...cookieDefaults() },
  });
}

/** The local auth provider's cookie: only a signed session id; the session itself lives in Postgres. */
export function authSessionStorage() {
  sessionStorage ??= createSessionStorage();
  return sessionStorage;
}

export const themeCookieName = "theme";
/** HttpOnly like the rest: the server renders the theme class; no script reads this cookie. */
export function themeCookie() {
  return createCookie(themeCookieName, { ...cookieDefaults(), maxAge: 60 * 60 * 24 * 365 });
}
