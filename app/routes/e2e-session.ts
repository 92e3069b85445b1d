import { data } from "react-router";
import type { Route } from "./+types/e2e-session";
import { createUser, findUserId, grantAdmin, setFixtureMembership } from "~/server/members/accounts.server";
import { authProvider } from "~/server/members/auth.server";
import { env } from "~/server/platform/env.server";

/**
 * End-to-end fixture hook (like the Epic Stack's fixtures that set session cookies directly):
 * creates a member (or admin) and signs them in, answering with the real session cookie.
 * Exists only when E2E_TEST_HOOKS=true, which env validation allows on a loopback HOST only.
 */
export async function action({ request }: Route.ActionArgs) {
  if (env().E2E_TEST_HOOKS !== "true" || env().authProvider !== "local") throw data(null, { status: 404 });
  const body = (await request.json()) as {
    email: string;
    password: string;
    admin?: boolean;
    firstName?: string;
    lastName?: string;
    /** Fixtures vouch for their address unless a test wants the unconfirmed state. */
    emailConfirmed?: boolean;
    /** A membership as purchases would have left it (e.g. "yearly" ending in 20 days). */
    plan?: string;
    /** Its end (ISO); absent or null = open-ended. */
    membershipUntil?: string | null;
    /** Marks it cancelled at this moment (ISO): "gekündigt zum" its end. */
    membershipCancelledAt?: string | null;
  };
  const userId =
    (await findUserId(body.email)) ?? (await createUser({ ...body, emailConfirmed: body.emailConfirmed ?? true }));
  if (body.admin) await grantAdmin(userId);
  if (body.plan) {
    await setFixtureMembership(userId, {
      plan: body.plan,
      until: body.membershipUntil ?? null,
      cancelledAt: body.membershipCancelledAt ?? null,
    });
  }
  const { headers } = await authProvider().signIn(request, body.email, body.password);
  return data({ userId }, { headers });
}

export function loader() {
  throw data(null, { status: 404 });
}
