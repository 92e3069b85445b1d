import { data } from "react-router";
import type { Route } from "./+types/attendees-csv";
import { CSV_BOM, csvRow } from "~/lib/admin/csv";
import { kindFromPath, orderStatusLabel } from "~/lib/admin/kinds";
import { isUuid } from "~/lib/uuid";
import { listAttendees } from "~/server/catalog/attendees.server";
import { withViewer } from "~/server/db/db.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { requireAdmin } from "~/server/members/admin-guard.server";

/**
 * /admin/events/{id}/teilnehmer.csv (and courses): the attendee list for German Excel (UTF-8 with
 * BOM, ';'), one line per registered participant, or per order while nobody is registered.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const kind = kindFromPath(new URL(request.url).pathname);
  if ((kind !== "events" && kind !== "courses") || !isUuid(params.id)) throw data(null, { status: 404 });
  const list = await withViewer(viewer, (tx) => listAttendees(tx, kind, params.id));
  if (!list) throw data(null, { status: 404 });
  const rows = list.rows.flatMap((row) => {
    const base = [row.number, orderStatusLabel(row.status), row.buyer, row.email, row.seats];
    return row.participants.length === 0
      ? [csvRow([...base, "", ""])]
      : row.participants.map((p) => csvRow([...base, p.name, p.email]));
  });
  const header = csvRow(["Bestellung", "Zahlung", "Käufer", "E-Mail", "Plätze", "Teilnehmer", "Teilnehmer-E-Mail"]);
  return new Response(CSV_BOM + header + rows.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="teilnehmer.csv"',
      "Cache-Control": CACHE_POLICY.download,
    },
  });
}
