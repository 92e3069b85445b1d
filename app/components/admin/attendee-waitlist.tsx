import { Form, Link } from "react-router";
import { AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import type { WaitlistRow } from "~/lib/catalog/types";
import { formatDateTime } from "~/lib/format";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";

/** The waitlist of an event or course, first in line first; each entry can be removed (issue 27). */
export function AttendeeWaitlist({ rows }: { rows: WaitlistRow[] }) {
  return (
    <section aria-labelledby="waitlist-heading" className="mt-10">
      <h2 id="waitlist-heading" className="text-xl font-semibold">
        Warteliste
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Niemand wartet.</p>
      ) : (
        <div className="mt-4">
          <AdminTable caption="Warteliste" head={["Seit", "Name", "Plätze", "Stand", "Aktion"]}>
            {rows.map((row) => (
              <tr key={row.id} data-testid="waitlist-row">
                <td className={cellClass}>{formatDateTime(row.createdAt)}</td>
                <td className={`${cellClass} break-words`}>
                  <span className="block">
                    <BreakableName text={row.name} />
                  </span>
                  <span className="block text-sm">
                    <BreakableAddress text={row.email} />
                  </span>
                </td>
                <td className={cellClass}>{row.seats}</td>
                <td className={cellClass}>
                  {row.status === "offered" && row.offerExpiresAt ? (
                    <Badge variant="warning">Angeboten bis {formatDateTime(row.offerExpiresAt)}</Badge>
                  ) : (
                    <Badge variant="secondary">Wartet</Badge>
                  )}
                </td>
                <td className={cellClass}>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-waitlist" />
                    <input type="hidden" name="entryId" value={row.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`${row.name} von der Warteliste entfernen`}
                    >
                      Entfernen
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

/** After the time or place of a booked event changed: tell the attendees, or not. */
export function ChangeNotice({ base, booked }: { base: string; booked: number }) {
  return (
    <section
      aria-labelledby="change-heading"
      className="mt-6 rounded-xl border-2 border-primary bg-card p-5 shadow-sm"
      data-testid="change-notice"
    >
      <h2 id="change-heading" className="text-lg font-semibold">
        Zeit oder Ort geändert – Teilnehmer informieren?
      </h2>
      <p className="mt-1">
        {booked === 1 ? "1 Platz ist" : `${booked} Plätze sind`} gebucht. Auf Wunsch bekommt jeder Käufer und jeder
        angemeldete Teilnehmer eine E-Mail mit der neuen Zeit, dem Ort und der aktualisierten Kalenderdatei.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="notify-change" />
          <Button type="submit">Ja, Änderung mitteilen</Button>
        </Form>
        <Link to={base} className={buttonClass("outline")}>
          Nein, nicht informieren
        </Link>
      </div>
    </section>
  );
}
