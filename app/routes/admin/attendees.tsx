import { data, Link, useLoaderData } from "react-router";
import { z } from "~/lib/schemas/zod";
import type { Route } from "./+types/attendees";
import { AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { AttendeeWaitlist, ChangeNotice } from "~/components/admin/attendee-waitlist";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { kindFromPath, orderStatusLabel, orderStatusVariant } from "~/lib/admin/kinds";
import { comingRows } from "~/lib/catalog/attendees";
import { isUuid } from "~/lib/uuid";
import { queueEventChangeMails } from "~/server/catalog/attendee-mails.server";
import { listAttendees, type AttendeeList } from "~/server/catalog/attendees.server";
import { listWaitlist, removeWaitlistEntry } from "~/server/catalog/waitlist.server";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";

/**
 * /admin/events/{id}/teilnehmer and /admin/courses/{id}/teilnehmer: every booked seat with its
 * order, buyer, participants and payment; …/teilnehmer.csv downloads it for Excel, ?druck=1 is the
 * check-in list to print (a box per seat). Below the list, the waitlist; after a change of time or
 * place (?aenderung=1, from the catalogue form) the question whether to tell the attendees. Plain
 * links, pages and forms: all of it works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Teilnehmer${loaderData?.list ? `: ${loaderData.list.title}` : ""} – BeHappy Admin` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const url = new URL(request.url);
  const kind = kindFromPath(url.pathname);
  if ((kind !== "events" && kind !== "courses") || !isUuid(params.id)) throw data(null, { status: 404 });
  const found = await withViewer(viewer, async (tx) => {
    const list = await listAttendees(tx, kind, params.id);
    return list ? { list, waitlist: await listWaitlist(tx, params.id) } : null;
  });
  if (!found) throw data(null, { status: 404 });
  return {
    kind,
    id: params.id,
    ...found,
    print: url.searchParams.get("druck") === "1",
    askToTell: url.searchParams.get("aenderung") === "1" && found.list.counts.booked > 0,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("notify-change") }),
  z.object({ intent: z.literal("remove-waitlist"), entryId: z.uuid() }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context, request);
  const kind = kindFromPath(new URL(request.url).pathname);
  if ((kind !== "events" && kind !== "courses") || !isUuid(params.id)) throw data(null, { status: 404 });
  const base = `/admin/${kind}/${params.id}/teilnehmer`;
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithError(base, { message: "Ungültige Anfrage" });

  if (parsed.data.intent === "notify-change") {
    const sent = await withViewer(viewer, (tx) => queueEventChangeMails(tx, kind, params.id));
    if (sent === null)
      return redirectWithError(base, {
        message: "Keine Mail gesendet",
        description: "Ohne Beginn gibt es nichts mitzuteilen.",
      });
    return redirectWithSuccess(base, {
      message: "Änderung mitgeteilt",
      description: sent === 1 ? "1 E-Mail ist unterwegs." : `${sent} E-Mails sind unterwegs.`,
    });
  }
  const { entryId } = parsed.data;
  const removed = await withViewer(viewer, (tx) => removeWaitlistEntry(tx, params.id, entryId));
  return removed
    ? redirectWithSuccess(base, { message: "Von der Warteliste entfernt" })
    : redirectWithError(base, {
        message: "Nicht gefunden",
        description: "Der Eintrag ist nicht mehr auf der Warteliste.",
      });
}

/** One line per seat for the check-in list: the registered participant, else the buyer. */
function checkInLines(list: AttendeeList) {
  return comingRows(list).flatMap((row) =>
    Array.from({ length: row.seats }, (_, seat) => ({
      key: `${row.orderId}-${seat}`,
      name: row.participants[seat]?.name ?? `${row.buyer}${row.seats > 1 ? ` (Platz ${seat + 1})` : ""}`,
      order: row.number,
      paid: row.status === "completed",
    })),
  );
}

export default function AdminAttendees() {
  const { kind, id, list, waitlist, print, askToTell } = useLoaderData<typeof loader>();
  const base = `/admin/${kind}/${id}/teilnehmer`;
  const when = [list.date, list.time, list.location].filter(Boolean).join(" · ");
  const counts = [
    `${list.counts.booked} gebucht`,
    `${list.counts.paid} bezahlt`,
    ...(list.counts.offered > 0 ? [`${list.counts.offered} für die Warteliste reserviert`] : []),
    list.counts.free === null ? "ohne Platzgrenze" : `${list.counts.free} frei`,
  ].join(" · ");
  if (print) {
    return (
      <section>
        <h1 className="text-2xl font-bold">Check-in: {list.title}</h1>
        <p className="mt-1">{when}</p>
        <p className="mt-1">{counts}</p>
        <p className="mt-2 print:hidden">
          <Link to={base} className="text-primary underline">
            Zurück zur Teilnehmerliste
          </Link>{" "}
          · Drucken mit Strg+P (Mac: ⌘+P)
        </p>
        {/* Two columns, so the list fits a phone as well as a printed page. */}
        <table className="mt-4 w-full border-collapse text-left">
          <caption className="sr-only">Check-in-Liste</caption>
          <thead>
            <tr>
              <th scope="col" className="w-24 border border-border px-2 py-1">
                Anwesend
              </th>
              <th scope="col" className="border border-border px-2 py-1">
                Teilnehmer
              </th>
            </tr>
          </thead>
          <tbody>
            {checkInLines(list).map((line) => (
              <tr key={line.key} data-testid="check-in-row">
                <td className="border border-border px-2 py-1 text-center">
                  <span
                    role="img"
                    aria-label="Kästchen zum Abhaken"
                    className="inline-block size-5 border-2 border-foreground"
                  />
                </td>
                <td className="border border-border px-2 py-1 break-words">
                  <span className="block font-medium">
                    <BreakableName text={line.name} />
                  </span>
                  <span className="block text-sm">
                    Bestellung {line.order} · {line.paid ? "bezahlt" : "nicht bezahlt"}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  return (
    <>
      <AdminPageHeader
        title={`Teilnehmer: ${list.title}`}
        description={
          <>
            {when ? <span className="block">{when}</span> : null}
            <span className="block" data-testid="attendee-counts">
              {counts}
            </span>
          </>
        }
        actions={
          <>
            <a href={`${base}.csv`} className={buttonClass("outline", "sm")}>
              CSV herunterladen
            </a>
            <Link to={`${base}?druck=1`} className={buttonClass("outline", "sm")}>
              Check-in-Liste drucken
            </Link>
          </>
        }
      />
      {askToTell ? <ChangeNotice base={base} booked={list.counts.booked} /> : null}
      <div className="mt-6">
        {list.rows.length === 0 ? (
          <p className="text-muted-foreground">Noch keine Buchungen.</p>
        ) : (
          <AdminTable caption="Teilnehmer" head={["Bestellung", "Käufer", "Plätze", "Teilnehmer", "Zahlung"]}>
            {list.rows.map((row) => (
              <tr key={`${row.orderId}`} data-testid="attendee-row">
                <td className={cellClass}>
                  <Link to={`/admin/orders?order=${row.orderId}`} className="text-primary underline">
                    {row.number}
                  </Link>
                </td>
                <td className={`${cellClass} break-words`}>
                  <span className="block">
                    <BreakableName text={row.buyer} />
                  </span>
                  <span className="block text-sm">
                    <BreakableAddress text={row.email} />
                  </span>
                </td>
                <td className={cellClass}>
                  {row.seats}
                  {row.returned > 0 ? (
                    <span className="block text-sm text-muted-foreground">{row.returned} zurückgegeben</span>
                  ) : null}
                </td>
                <td className={`${cellClass} break-words`}>
                  {row.participants.length === 0 ? (
                    <span className="text-muted-foreground">noch nicht angemeldet</span>
                  ) : (
                    row.participants.map((p) => (
                      <span key={`${p.email}-${p.name}`} className="block text-sm">
                        <BreakableName text={p.name} /> (<BreakableAddress text={p.email} />)
                      </span>
                    ))
                  )}
                </td>
                <td className={cellClass}>
                  <Badge variant={orderStatusVariant(row.status)}>{orderStatusLabel(row.status)}</Badge>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <AttendeeWaitlist rows={waitlist} />
    </>
  );
}
