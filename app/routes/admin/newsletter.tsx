import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import { AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { newsletterStatusLabel } from "~/lib/admin/kinds";
import { emptyPage, readListParams } from "~/lib/admin/list-params";
import { formatDate } from "~/lib/format";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { listSubscribersAdmin, type SubscriberRow } from "~/server/newsletter/admin-newsletter.server";
import { BreakableAddress } from "~/components/breakable-address";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter-Abonnenten – BeHappy Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const params = readListParams(new URL(request.url).searchParams);
  try {
    return { list: await withViewer(viewer, (tx) => listSubscribersAdmin(tx, params)), error: null };
  } catch (error) {
    const notice = adminFailure("Fehler beim Laden der Newsletter-Abonnenten", error);
    return { list: { ...emptyPage<SubscriberRow>(params.q), subscribed: 0 }, error: notice };
  }
}

const variant = (status: string) =>
  status === "subscribed" ? "success" : status === "pending" ? "warning" : "secondary";

export default function AdminNewsletter() {
  const { list, error } = useLoaderData<typeof loader>();
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
        <AdminTable caption="Newsletter-Abonnenten" head={["E-Mail", "Vorname", "Nachname", "Status", "Angemeldet am"]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} break-words`}>
                <BreakableAddress text={row.email} />
              </td>
              <td className={cellClass}>{row.first_name ?? "–"}</td>
              <td className={cellClass}>{row.last_name ?? "–"}</td>
              <td className={cellClass}>
                <Badge variant={variant(row.status)}>{newsletterStatusLabel(row.status)}</Badge>
              </td>
              <td className={cellClass}>{formatDate(row.created_at)}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
    </>
  );
}
