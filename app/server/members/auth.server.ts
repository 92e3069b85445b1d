import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { authContext, type RequestAuth } from "~/server/http/context.server";
import { ANON, type Viewer } from "~/server/db/db.server";
import { env } from "~/server/platform/env.server";
import { localProvider } from "~/server/members/local-provider.server";
import type { AuthProvider } from "~/server/members/auth-provider";
import { supabaseProvider } from "~/server/members/supabase-provider.server";

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
