import type { Route } from "./+types/newsletter-csv";
import { CSV_BOM, csvRow } from "~/lib/admin/csv";
import { newsletterStatusLabel } from "~/lib/admin/kinds";
import { readListParams } from "~/lib/admin/list-params";
import { formatDateTime } from "~/lib/format";
import { withViewer } from "~/server/db/db.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { logger } from "~/server/platform/log.server";
import { subscriberBatch, type ExportCursor } from "~/server/newsletter/admin-newsletter.server";
import { berlinDay } from "~/lib/berlin-time";
import { shopNow } from "~/server/jobs/clock.server";

const BATCH = 2000;

/**
 * /admin/newsletter.csv (?q= as on the list): every matching subscriber, newest first, for German
 * Excel (UTF-8 with BOM, ';'). Streamed in keyset batches, each in its own admin transaction, so a
 * large list never sits in memory at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const { q } = readListParams(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  // The first batch is read before answering, so a failure is still an error status, not a cut file.
  let cursor: ExportCursor = null;
  const first = await withViewer(viewer, (tx) => subscriberBatch(tx, q, null, BATCH));
  const toCsv = (rows: typeof first) =>
    rows
      .map((r) =>
        csvRow([r.email, r.first_name, r.last_name, newsletterStatusLabel(r.status), formatDateTime(r.created_at)]),
      )
      .join("");

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(CSV_BOM + csvRow(["E-Mail", "Vorname", "Nachname", "Status", "Angemeldet am"]) + toCsv(first)),
      );
      if (first.length < BATCH) controller.close();
      else cursor = first[first.length - 1].cursor;
    },
    async pull(controller) {
      try {
        const rows = await withViewer(viewer, (tx) => subscriberBatch(tx, q, cursor, BATCH));
        if (rows.length > 0) controller.enqueue(encoder.encode(toCsv(rows)));
        if (rows.length < BATCH) controller.close();
        else cursor = rows[rows.length - 1].cursor;
      } catch (error) {
        logger.error("admin: newsletter export failed", { error: (error as Error).message });
        controller.error(error);
      }
    },
  });

  const date = berlinDay(shopNow());
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-abonnenten-${date}.csv"`,
      "Cache-Control": CACHE_POLICY.download,
    },
  });
}
