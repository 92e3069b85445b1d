import { createCookie, createCookieSessionStorage, type Cookie, type CookieOptions } from "react-router";
import { env } from "~/server/platform/env.server";

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

const REMEMBERED_HEADERS = 1000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A signed cookie for what every page reads (session, theme, cart) whose parse() remembers what a
 * Cookie header decoded to. A browser sends the same header with each request, and the same header
 * always decodes to the same value, so the HMAC check (WebCrypto importKey + verify, a measurable
 * part of a signed-in page view) runs once per distinct header instead of once per request. At most
 * REMEMBERED_HEADERS are kept; values are frozen because requests share them.
 */
function rememberedCookie(name: string, options: CookieOptions): Cookie {
  const cookie = createCookie(name, options);
  let decoded = new Map<string, Promise<unknown>>();
  return {
    name: cookie.name,
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
    parse(header, parseOptions) {
      if (!header || parseOptions) return cookie.parse(header, parseOptions);
      let value = decoded.get(header);
      if (!value) {
        if (decoded.size >= REMEMBERED_HEADERS) decoded = new Map();
        const parsing = cookie.parse(header).then(deepFreeze);
        const map = decoded;
        map.set(header, parsing);
        // A failed parse is not remembered.
        parsing.catch(() => map.delete(header));
        value = parsing;
      }
      return value;
    },
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
    cookie: rememberedCookie(sessionCookieName(), { maxAge: 60 * 60 * 24 * 30, ...cookieDefaults() }),
  });
}

/** The local auth provider's cookie: only a signed session id; the session itself lives in Postgres. */
export function authSessionStorage() {
  sessionStorage ??= createSessionStorage();
  return sessionStorage;
}

export const themeCookieName = "theme";
/** HttpOnly like the rest: the server renders the theme class; no script reads this cookie. */
let theme: Cookie | undefined;
export function themeCookie() {
  theme ??= rememberedCookie(themeCookieName, { ...cookieDefaults(), maxAge: 60 * 60 * 24 * 365 });
  return theme;
}

let cart: Cookie | undefined;
/** The cart: a signed cookie holding only line ids, item references and quantities. */
/** Read without its signature by the page cache too (cart-cookie.server.ts cartKeyPart). */
export const cartCookieName = "cart";
export function cartCookie() {
  cart ??= rememberedCookie(cartCookieName, { ...cookieDefaults(), maxAge: 60 * 60 * 24 * 30 });
  return cart;
}
