import type { Route } from "./+types/export-csv";
import { withViewer } from "~/server/db/db.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { redirectWithError } from "~/server/http/toast.server";
import { shopNow } from "~/server/jobs/clock.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { datevExport, exportRangeOf } from "~/server/orders/datev-export.server";
import { datevSettings } from "~/server/platform/operator.server";

/**
 * /admin/export/buchungsstapel.csv?monat=… or ?von=…&bis=…: the period's DATEV Buchungsstapel
 * (EXTF 700, Windows-1252), named as DATEV names its own exports. A bad period answers 400 with the
 * German message; a failed export goes back to the page with the admin error notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const range = exportRangeOf(request);
  if (!range.ok) {
    return new Response(range.error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICY.download },
    });
  }
  try {
    const { bytes } = await withViewer(viewer, (tx) => datevExport(tx, range, datevSettings(), shopNow()));
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "text/csv; charset=windows-1252",
        "Content-Disposition": `attachment; filename="EXTF_Buchungsstapel_${range.from}_${range.to}.csv"`,
        "Cache-Control": CACHE_POLICY.download,
      },
    });
  } catch (error) {
    throw await redirectWithError(
      `/admin/export?${range.query}`,
      adminFailure("Fehler beim Erstellen des Buchungsstapels", error, { from: range.from, to: range.to }),
    );
  }
}
