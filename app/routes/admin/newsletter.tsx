import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import { AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { newsletterStatusLabel } from "~/lib/admin/kinds";
import { emptyPage, listHref, readListParams } from "~/lib/admin/list-params";
import { formatDate, formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { Dialog } from "~/components/ui/dialog";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import {
  consentHistoryAdmin,
  listSubscribersAdmin,
  type SubscriberRow,
} from "~/server/newsletter/admin-newsletter.server";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter-Abonnenten – BeHappy Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const proofId = url.searchParams.get("nachweis");
  const proof = isUuid(proofId)
    ? await withViewer(viewer, (tx) => consentHistoryAdmin(tx, proofId)).catch((error) => {
        adminFailure("Fehler beim Laden des Nachweises", error);
        return null;
      })
    : null;
  try {
    return { list: await withViewer(viewer, (tx) => listSubscribersAdmin(tx, params)), error: null, proof };
  } catch (error) {
    const notice = adminFailure("Fehler beim Laden der Newsletter-Abonnenten", error);
    return { list: { ...emptyPage<SubscriberRow>(params.q), subscribed: 0 }, error: notice, proof };
  }
}

const variant = (status: string) =>
  status === "subscribed" ? "success" : status === "pending" ? "warning" : "secondary";

/** What each entry of the proof of consent says. */
const CONSENT_EVENTS: Record<string, string> = {
  requested: "Anmeldung angefragt",
  confirmed: "Bestätigt (Double-Opt-in)",
  unsubscribed: "Abgemeldet",
  expired: "Anfrage nicht bestätigt, abgelaufen",
};

export default function AdminNewsletter() {
  const { list, error, proof } = useLoaderData<typeof loader>();
  const here = { q: list.q, page: list.page };
  const csvHref = list.q ? `/admin/newsletter.csv?q=${encodeURIComponent(list.q)}` : "/admin/newsletter.csv";
  return (
    <>
      <AdminPageHeader
        title="Newsletter-Abonnenten"
        actions={
          <>
            <Link to="/admin/newsletter/aussendungen" className={buttonClass()}>
              Aussendungen
            </Link>
            {/* A file download: a plain link (reloadDocument), not a client navigation. */}
            <a href={csvHref} download className={buttonClass("outline")}>
              CSV exportieren
            </a>
          </>
        }
        error={error}
      />
      <AdminList
        searchLabel="Nach E-Mail suchen"
        list={list}
        path="/admin/newsletter"
        summary={
          <p className="text-sm" data-testid="newsletter-total">
            Gesamt: <strong>{list.total}</strong> {list.total === 1 ? "Adresse" : "Adressen"}
            {list.q ? ` für „${list.q}“` : ""}, davon <strong>{list.subscribed}</strong> angemeldet
          </p>
        }
      >
        <AdminTable
          caption="Newsletter-Abonnenten"
          head={["E-Mail", "Vorname", "Nachname", "Status", "Angemeldet am", "Nachweis"]}
        >
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} break-words`}>
                <BreakableAddress text={row.email} />
              </td>
              <td className={cellClass}>{row.first_name ? <BreakableName text={row.first_name} /> : "–"}</td>
              <td className={cellClass}>{row.last_name ? <BreakableName text={row.last_name} /> : "–"}</td>
              <td className={cellClass}>
                <Badge variant={variant(row.status)}>{newsletterStatusLabel(row.status)}</Badge>
              </td>
              <td className={cellClass}>{formatDate(row.created_at)}</td>
              <td className={cellClass}>
                <Link
                  to={listHref("/admin/newsletter", here, { nachweis: row.id })}
                  preventScrollReset
                  aria-label={`Verlauf der Einwilligung: ${row.email}`}
                  className={buttonClass("ghost", "sm")}
                >
                  Verlauf
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
      {proof ? <ConsentProof proof={proof} closeHref={listHref("/admin/newsletter", here)} /> : null}
    </>
  );
}

/**
 * The proof of consent (Art. 7 Abs. 1 DSGVO) of one address: each request with the wording the
 * person agreed to, the confirmation by the mailed link, an unsubscription, as newsletter_consents
 * keeps them.
 */
function ConsentProof({
  proof,
  closeHref,
}: {
  proof: NonNullable<Awaited<ReturnType<typeof consentHistoryAdmin>>>;
  closeHref: string;
}) {
  return (
    <Dialog
      title="Einwilligungsnachweis"
      description={`${proof.email} · ${newsletterStatusLabel(proof.status)}`}
      closeHref={closeHref}
    >
      {proof.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Zu dieser Adresse ist kein Verlauf gespeichert.</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {proof.events.map((entry, index) => (
            <li key={index}>
              <p className="font-medium">
                {CONSENT_EVENTS[entry.event] ?? entry.event}: {formatDateTime(entry.at)}
              </p>
              {entry.email.toLowerCase() !== proof.email.toLowerCase() ? (
                <p className="text-muted-foreground">
                  an <BreakableAddress text={entry.email} />
                </p>
              ) : null}
              {entry.consent_text ? (
                <blockquote className="mt-1 border-l-2 border-border pl-3 text-muted-foreground">
                  {entry.consent_text}
                </blockquote>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
