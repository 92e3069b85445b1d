import { createCookie } from "react-router";
import { z } from "zod";
import { cookieDefaults } from "~/server/members/session.server";

/**
 * The address to offer on the sign-in form right after sign-up or a password reset, so nobody
 * types it twice. A short-lived signed cookie, not a query parameter: an address does not belong
 * in URLs (logs, history, Referer).
 */
const emailSchema = z.string().min(3).max(254);

function signInEmailCookie() {
  return createCookie("signin_email", { ...cookieDefaults(), maxAge: 15 * 60 });
}

export async function readSignInEmail(request: Request) {
  const parsed = emailSchema.safeParse(await signInEmailCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export const serializeSignInEmail = (email: string) => signInEmailCookie().serialize(email.trim());
export const clearSignInEmail = () => signInEmailCookie().serialize("", { maxAge: 0 });
