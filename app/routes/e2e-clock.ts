import { data } from "react-router";
import type { Route } from "./+types/e2e-clock";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { setShopClock, shopNow } from "~/server/jobs/clock.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { env } from "~/server/platform/env.server";

/**
 * End-to-end hook: sets the shop's clock for every date decision (memberships, jobs, deadlines).
 * JSON `{"now": "<ISO 8601>"}` sets it, `{"now": null}` returns to real time. Exists only when
 * E2E_TEST_HOOKS=true, which env validation allows on a loopback HOST only.
 */
export async function action({ request }: Route.ActionArgs) {
  if (env().E2E_TEST_HOOKS !== "true") throw data(null, { status: 404 });
  const body = (await request.json().catch(() => null)) as { now?: unknown } | null;
  const now = body?.now === null ? null : typeof body?.now === "string" ? new Date(body.now) : undefined;
  if (now === undefined || (now !== null && Number.isNaN(now.getTime()))) {
    return data({ error: 'Erwartet: {"now": "<ISO 8601>"} oder {"now": null}' }, { status: 400 });
  }
  await setShopClock(now);
  // Prices and headers that depend on a membership's end are worked out again on every instance.
  await withViewer(SERVICE, (tx) => invalidateViewers(tx));
  return data({ now: shopNow().toISOString() });
}

export function loader() {
  throw data(null, { status: 404 });
}
