import type { Route } from "./+types/export-zip";
import { withViewer } from "~/server/db/db.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { redirectWithError } from "~/server/http/toast.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { exportRangeOf, invoiceArchive, invoiceDocumentsInRange } from "~/server/orders/datev-export.server";

/**
 * /admin/export/rechnungen.zip?monat=… or ?von=…&bis=…: one PDF per invoice and cancellation
 * invoice issued in the period, rendered from each invoice's snapshot as the customer got it. The
 * documents are read in the transaction, the PDFs rendered after it (slow work stays outside).
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
    const documents = await withViewer(viewer, (tx) => invoiceDocumentsInRange(tx, range));
    const zip = await invoiceArchive(documents);
    return new Response(new Uint8Array(zip), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="Rechnungen_${range.from}_${range.to}.zip"`,
        "Cache-Control": CACHE_POLICY.download,
      },
    });
  } catch (error) {
    throw await redirectWithError(
      `/admin/export?${range.query}`,
      adminFailure("Fehler beim Erstellen des ZIP-Archivs", error, { from: range.from, to: range.to }),
    );
  }
}
