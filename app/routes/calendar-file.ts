import type { Route } from "./+types/calendar-file";
import { KIND_TEXT, catalogKindOfPath } from "~/lib/catalog/texts";
import { getCatalogItem } from "~/server/catalog/catalog.server";
import { calendarFile } from "~/server/catalog/calendar.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { publicUrl } from "~/server/http/urls.server";
import { realNow } from "~/server/jobs/clock.server";
import { getAuth } from "~/server/members/auth.server";

/**
 * /events/{id}/kalender.ics and /courses/{id}/kalender.ics: "In den Kalender eintragen". Only for
 * items with a real start; one with only a free-text date has no calendar file (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = catalogKindOfPath(new URL(request.url).pathname);
  const result = await getCatalogItem(getAuth(context).viewer, kind, params.id);
  const missing = (message: string, status: number) =>
    new Response(message, {
      status,
      headers: cacheHeaders("private", { "Content-Type": "text/plain; charset=utf-8" }),
    });
  if (result.state === "error") return missing("Die Kalenderdatei konnte nicht erstellt werden.", 500);
  if (result.state !== "found" || result.item.kind === "products" || !result.item.starts_at)
    return missing("Für diesen Eintrag gibt es keine Kalenderdatei.", 404);
  const item = result.item;
  const url = publicUrl(`${KIND_TEXT[kind].path}/${item.id}`);
  const body = calendarFile({
    uid: `${item.kind}-${item.id}@behappy`,
    sequence: item.calendar_sequence,
    title: item.title,
    startsAt: item.starts_at!,
    endsAt: item.ends_at,
    location: item.location,
    url,
    description: item.description,
    stamp: realNow().toISOString(),
  });
  return new Response(body, {
    headers: cacheHeaders("catalogue", {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind === "events" ? "veranstaltung" : "kurs"}.ics"`,
    }),
  });
}
