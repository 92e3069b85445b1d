import type { Route } from "./+types/calendar-file";
import { catalogKindOfPath } from "~/lib/catalog/texts";
import { isUuid } from "~/lib/uuid";
import { calendarFileOf, loadCalendarSource } from "~/server/catalog/calendar.server";
import { withViewer } from "~/server/db/db.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { getAuth } from "~/server/members/auth.server";
import { logger } from "~/server/platform/log.server";

/**
 * /events/{id}/kalender.ics and /courses/{id}/kalender.ics: "In den Kalender eintragen". Only for
 * items with a real start; one with only a free-text date has no calendar file (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = catalogKindOfPath(new URL(request.url).pathname) as "events" | "courses";
  const answer = (message: string, status: number) =>
    new Response(message, {
      status,
      headers: cacheHeaders("private", { "Content-Type": "text/plain; charset=utf-8" }),
    });
  if (!isUuid(params.id)) return answer("Für diesen Eintrag gibt es keine Kalenderdatei.", 404);
  let source;
  try {
    source = await withViewer(getAuth(context).viewer, (tx) => loadCalendarSource(tx, kind, params.id));
  } catch (error) {
    logger.error("calendar file failed", { kind, id: params.id, error: (error as Error).message });
    return answer("Die Kalenderdatei konnte nicht erstellt werden.", 500);
  }
  if (!source) return answer("Für diesen Eintrag gibt es keine Kalenderdatei.", 404);
  return new Response(calendarFileOf(source), {
    headers: cacheHeaders("catalogue", {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind === "events" ? "veranstaltung" : "kurs"}.ics"`,
    }),
  });
}
