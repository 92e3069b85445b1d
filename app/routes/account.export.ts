import { data } from "react-router";
import type { Route } from "./+types/account.export";
import { ACCOUNT_MESSAGES } from "~/lib/schemas/account";
import { requireUser } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { exportMemberData } from "~/server/members/members.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { berlinDay } from "~/lib/berlin-time";
import { shopNow } from "~/server/jobs/clock.server";

/**
 * DSGVO Art. 15/20: the member's data as a JSON download. A GET that changes nothing; the data is
 * gathered as the member (export_my_data checks auth.uid()).
 */
async function download(context: Route.LoaderArgs["context"]) {
  const { viewer } = requireUser(context);
  try {
    const body = await withViewer(viewer, (tx) => exportMemberData(tx));
    const day = berlinDay(shopNow());
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="behappy-meine-daten-${day}.json"`,
        "Cache-Control": CACHE_POLICY.download,
      },
    });
  } catch (error) {
    logger.error("data export failed", { error: (error as Error).message });
    throw data({ message: ACCOUNT_MESSAGES.exportFailed }, { status: 500 });
  }
}

export function loader({ context }: Route.LoaderArgs) {
  return download(context);
}

export function action({ context }: Route.ActionArgs) {
  return download(context);
}
