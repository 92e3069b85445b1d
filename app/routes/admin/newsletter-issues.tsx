import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter-issues";
import { AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { SEGMENT_LABELS, type NewsletterSegment } from "~/lib/schemas/newsletter-issue";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { listIssues, type IssueRow } from "~/server/newsletter/issues.server";

/** /admin/newsletter/aussendungen (issue 29): every newsletter issue, drafts and sent ones, newest first. */
export const meta: Route.MetaFunction = () => [{ title: "Newsletter-Aussendungen – BeHappy Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  try {
    return { issues: await withViewer(viewer, (tx) => listIssues(tx)), error: null };
  } catch (error) {
    return { issues: [] as IssueRow[], error: adminFailure("Fehler beim Laden der Aussendungen", error) };
  }
}

export const STATUS_LABELS = { draft: "Entwurf", sending: "Wird verschickt", sent: "Verschickt" } as const;

export default function AdminNewsletterIssues() {
  const { issues, error } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="Newsletter-Aussendungen"
        description={
          <>
            Schreibe einen Newsletter, sieh ihn dir als Handy- und Desktop-Mail an, schicke dir eine Testmail und
            verschicke ihn dann an eine Zielgruppe. Die Abonnent:innen findest du unter{" "}
            <Link to="/admin/newsletter" className="text-primary underline">
              Newsletter-Abonnenten
            </Link>
            .
          </>
        }
        actions={
          <Link to="/admin/newsletter/aussendungen/neu" className={buttonClass()}>
            Neue Aussendung
          </Link>
        }
        error={error}
      />
      <div className="mt-6">
        {issues.length === 0 ? (
          <p className="text-muted-foreground">Noch keine Aussendungen.</p>
        ) : (
          <AdminTable
            caption="Newsletter-Aussendungen"
            head={["Betreff", "Status", "Zielgruppe", "Empfänger", "Angelegt"]}
          >
            {issues.map((issue) => (
              <tr key={issue.id} data-testid="newsletter-issue-row">
                <td className={`${cellClass} break-words`}>
                  <Link to={`/admin/newsletter/aussendungen/${issue.id}`} className="text-primary underline">
                    {issue.subject}
                  </Link>
                </td>
                <td className={cellClass}>
                  <Badge
                    variant={issue.status === "draft" ? "secondary" : issue.status === "sent" ? "success" : "warning"}
                  >
                    {STATUS_LABELS[issue.status]}
                  </Badge>
                </td>
                <td className={cellClass}>
                  {issue.segment ? SEGMENT_LABELS[issue.segment as NewsletterSegment] : "–"}
                </td>
                <td className={cellClass}>{issue.status === "draft" ? "–" : issue.recipients}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(issue.created_at)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </>
  );
}
