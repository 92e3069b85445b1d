import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { authProvider } from "~/server/members/auth.server";
import { AUTH_MESSAGES } from "~/lib/account-messages";
import { AuthError } from "~/server/members/auth-errors";
import { logger } from "~/server/platform/log.server";
import { authSessionStorage } from "~/server/members/session.server";
import { redirectWithError } from "~/server/http/toast.server";
import { clearPrefill } from "~/server/orders/checkout-prefill.server";

/** Sign-out is a POST (never a GET), scope global, and always ends on /auth. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const headers = await authProvider().signOut(request);
    // The names typed on /join leave with the member, so the next person here does not find them.
    headers.append("Set-Cookie", await clearPrefill());
    return redirect("/auth", { headers });
  } catch (error) {
    logger.warn("sign-out failed", { error: (error as Error).message });
    // The local cookie goes in any case: the user asked to be signed out here.
    const storage = authSessionStorage();
    const cleared = await storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
    const message = error instanceof AuthError ? error.message : AUTH_MESSAGES.signOutUnexpected;
    const headers = new Headers([["Set-Cookie", cleared]]);
    headers.append("Set-Cookie", await clearPrefill());
    return redirectWithError("/auth", { message }, { headers });
  }
}

export function loader() {
  return redirect("/");
}
