import { data } from "react-router";
import type { Route } from "./+types/e2e-jobs";
import { JOB_HANDLERS } from "~/server/jobs/handlers.server";
import { runDueJobsNow } from "~/server/jobs/jobs.server";
import { env } from "~/server/platform/env.server";

/**
 * End-to-end hook: runs every due job now (on the shop's clock) and answers once their work and
 * mails have committed. Exists only when E2E_TEST_HOOKS=true (loopback HOST only).
 */
export async function action(_: Route.ActionArgs) {
  if (env().E2E_TEST_HOOKS !== "true") throw data(null, { status: 404 });
  const runs = await runDueJobsNow(JOB_HANDLERS);
  return data({ runs });
}

export function loader() {
  throw data(null, { status: 404 });
}
