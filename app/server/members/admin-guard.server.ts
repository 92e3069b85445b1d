import { redirect, type RouterContextProvider } from "react-router";
import { ADMIN_RETRY } from "~/lib/admin/kinds";
import type { AdminNotice } from "~/lib/admin/list-params";
import { signInHref } from "~/lib/safe-redirect";
import { getAuth } from "~/server/members/auth.server";
import { isAdmin } from "~/server/members/viewer-cache.server";
import type { Viewer } from "~/server/db/db.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { logger } from "~/server/platform/log.server";
import { redirectWithError } from "~/server/http/toast.server";

export const ADMIN_DENIED = "You don't have permission to access the admin area.";
const ADMIN_HEADERS = cacheHeaders("admin");

/**
 * The admin guard (spec §4 Admin guard), for the admin layout and every admin loader and action:
 * no user → /auth (with the page as redirectTo when `request` is a GET); a signed-in user who is not admin (or whose check failed) → /dashboard with the
 * permission message. The answer is cached until a role changes (viewer-cache.server.ts); RLS checks every query
 * again, because the admin acts as their own viewer, never as service_role.
 */
export async function requireAdmin(context: Readonly<RouterContextProvider>, request?: Request) {
  const { user, viewer } = getAuth(context);
  if (!user || viewer.role !== "authenticated") {
    // A page that was opened (GET) is where the admin wants to be after signing in.
    const url = request?.method === "GET" ? new URL(request.url) : null;
    throw redirect(url ? signInHref(url.pathname + url.search) : "/auth", { headers: ADMIN_HEADERS });
  }
  if (!(await isAdmin(user.id))) {
    throw await redirectWithError("/dashboard", { message: ADMIN_DENIED }, { headers: ADMIN_HEADERS });
  }
  return { user, viewer: viewer as Extract<Viewer, { role: "authenticated" }> };
}

export type { AdminNotice };

/**
 * A POST no admin page sends (no intent, an id that is no id): refused like other junk requests,
 * so it is logged at info, not as an error someone has to look into.
 */
export class MalformedAdminRequest extends Error {}

/** Logs an admin failure and returns the destructive notice of spec §8 Admin. */
export function adminFailure(
  message: string,
  error: unknown,
  fields: Record<string, unknown> = {},
  description = ADMIN_RETRY,
): AdminNotice {
  const { code, message: reason } = (error ?? {}) as { code?: string; message?: string };
  const log = error instanceof MalformedAdminRequest ? logger.info : logger.error;
  log(`admin: ${message}`, { ...fields, code, error: reason ?? String(error) });
  return { message, description };
}
