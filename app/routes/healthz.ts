import { checkDatabase } from "~/server/platform/health.server";
import { logger } from "~/server/platform/log.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

export async function loader() {
  try {
    const db = await checkDatabase();
    return Response.json({ status: "ok", db }, { headers: cacheHeaders("health") });
  } catch (error) {
    logger.error("health check failed", { error: (error as Error).message });
    return Response.json({ status: "error" }, { status: 503, headers: cacheHeaders("health") });
  }
}
