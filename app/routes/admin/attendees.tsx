import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/attendees";
import { AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { kindFromPath, orderStatusLabel, orderStatusVariant } from "~/lib/admin/kinds";
import { isUuid } from "~/lib/uuid";
import { listAttendees, type AttendeeList } from "~/server/catalog/attendees.server";
import { withViewer } from "~/server/db/db.server";
import { requireAdmin } from "~/server/members/admin-guard.server";

/**
 * /admin/events/{id}/teilnehmer and /admin/courses/{id}/teilnehmer: every booked seat with its
 * order, buyer, participants and payment; …/teilnehmer.csv downloads it for Excel, ?druck=1 is the
 * check-in list to print (a box per seat). Plain links and pages: all of it works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Teilnehmer${loaderData?.list ? `: ${loaderData.list.title}` : ""} – BeHappy Admin` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const url = new URL(request.url);
  const kind = kindFromPath(url.pathname);
  if ((kind !== "events" && kind !== "courses") || !isUuid(params.id)) throw data(null, { status: 404 });
  const list = await withViewer(viewer, (tx) => listAttendees(tx, kind, params.id));
  if (!list) throw data(null, { status: 404 });
  return { kind, id: params.id, list, print: url.searchParams.get("druck") === "1" };
}

/** One line per seat for the check-in list: the registered participant, else the buyer. */
function checkInLines(list: AttendeeList) {
  return list.rows
    .filter((row) => row.status !== "cancelled")
    .flatMap((row) =>
      Array.from({ length: row.seats }, (_, seat) => ({
        key: `${row.orderId}-${seat}`,
        name: row.participants[seat]?.name ?? `${row.buyer}${row.seats > 1 ? ` (Platz ${seat + 1})` : ""}`,
        order: row.number,
        paid: row.status === "completed",
      })),
    );
}

export default function AdminAttendees() {
  const { kind, id, list, print } = useLoaderData<typeof loader>();
  const base = `/admin/${kind}/${id}/teilnehmer`;
  const when = [list.date, list.time, list.location].filter(Boolean).join(" · ");
  const counts = `${list.counts.booked} gebucht · ${list.counts.paid} bezahlt · ${list.counts.free === null ? "ohne Platzgrenze" : `${list.counts.free} frei`}`;
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
                  <span className="block font-medium">{line.name}</span>
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
                  <span className="block">{row.buyer}</span>
                  <span className="block text-sm">{row.email}</span>
                </td>
                <td className={cellClass}>{row.seats}</td>
                <td className={`${cellClass} break-words`}>
                  {row.participants.length === 0 ? (
                    <span className="text-muted-foreground">noch nicht angemeldet</span>
                  ) : (
                    row.participants.map((p) => (
                      <span key={`${p.email}-${p.name}`} className="block text-sm">
                        {p.name} ({p.email})
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
    </>
  );
}
