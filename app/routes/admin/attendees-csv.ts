import { data } from "react-router";
import type { Route } from "./+types/attendees-csv";
import { kindFromPath } from "~/lib/admin/kinds";
import { isUuid } from "~/lib/uuid";
import { attendeeCsv, listAttendees } from "~/server/catalog/attendees.server";
import { withViewer } from "~/server/db/db.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";
import { requireAdmin } from "~/server/members/admin-guard.server";

/**
 * /admin/events/{id}/teilnehmer.csv (and courses): the attendee list for German Excel (UTF-8 with
 * BOM, ';'): who comes, as the check-in list (attendeeCsv leaves cancelled orders out).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const kind = kindFromPath(new URL(request.url).pathname);
  if ((kind !== "events" && kind !== "courses") || !isUuid(params.id)) throw data(null, { status: 404 });
  const list = await withViewer(viewer, (tx) => listAttendees(tx, kind, params.id));
  if (!list) throw data(null, { status: 404 });
  return new Response(attendeeCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="teilnehmer.csv"',
      "Cache-Control": CACHE_POLICY.download,
    },
  });
}
