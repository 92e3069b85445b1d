import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sql } from "kysely";
import { authContext, type RequestAuth } from "../context.server";
import { ANON, SERVICE, withViewer, type Viewer } from "../db/db.server";
import { env } from "../env.server";
import { logger } from "../log.server";
import { localProvider } from "./local-provider.server";
import type { AuthProvider } from "./provider";
import { supabaseProvider } from "./supabase-provider.server";

export function authProvider(): AuthProvider {
  return env().authProvider === "supabase" ? supabaseProvider : localProvider;
}

/** Resolves who is asking once per request; refreshed auth cookies go out with the response. */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user, headers } = await authProvider().currentUser(request);
  const viewer: Viewer = user ? { role: "authenticated", userId: user.id, email: user.email } : ANON;
  context.set(authContext, { viewer, user });
  const response = await next();
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

export function getAuth(context: Readonly<RouterContextProvider>): RequestAuth {
  return context.get(authContext);
}

/** For loaders and actions of signed-in areas: the user, or a redirect to /auth. */
export function requireUser(context: Readonly<RouterContextProvider>, redirectTo = "/auth") {
  const auth = getAuth(context);
  if (!auth.user || auth.viewer.role !== "authenticated") throw redirect(redirectTo);
  return { user: auth.user, viewer: auth.viewer };
}

const ADMIN_CACHE_MS = 5 * 60 * 1000;
const adminCache = new Map<string, { value: boolean; until: number }>();

/**
 * is_admin(user_id) per spec, cached 5 minutes per user. A failed check counts as not admin.
 * The cache only gates screens: every admin write is also checked by RLS in the database.
 */
export async function isAdmin(userId: string): Promise<boolean> {
  const hit = adminCache.get(userId);
  if (hit && hit.until > Date.now()) return hit.value;
  let value = false;
  try {
    value = await withViewer(SERVICE, async (tx) => {
      const { rows } = await sql<{ is_admin: boolean }>`select public.is_admin(${userId}::uuid) as is_admin`.execute(
        tx,
      );
      return rows[0]?.is_admin === true;
    });
  } catch (error) {
    logger.error("admin check failed", { error: (error as Error).message });
  }
  adminCache.set(userId, { value, until: Date.now() + ADMIN_CACHE_MS });
  return value;
}

export function forgetAdminStatus(userId?: string) {
  if (userId) adminCache.delete(userId);
  else adminCache.clear();
}
