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

/**
 * In production the session cookie carries the `__Host-` prefix: browsers accept it only with
 * Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-HTTP page can plant or
 * overwrite a session (cookie tossing). Development over plain HTTP keeps `__session`.
 */
export function sessionCookieName() {
  return env().isProduction ? "__Host-session" : "__session";
}

function createSessionStorage() {
  return createCookieSessionStorage<{ sessionId: string }>({
    cookie: { name: sessionCookieName(), maxAge: 60 * 60 * 24 * 30, ...cookieDefaults() },
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
