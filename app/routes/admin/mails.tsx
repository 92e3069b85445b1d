import { Form, Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/mails";
import { AdminPageHeader, AdminTable, cellClass, EMPTY_TEXT } from "~/components/admin/admin-list";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { countOf, formatDateTime } from "~/lib/format";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, MalformedAdminRequest, requireAdmin } from "~/server/members/admin-guard.server";
import { listUndeliveredMails, retryMail, UNDELIVERED_LIMIT } from "~/server/mail/admin-mails.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { BreakableAddress } from "~/components/breakable-address";

export const meta: Route.MetaFunction = () => [{ title: "Mails – BeHappy Admin" }];

const LOAD_ERROR = "Fehler beim Laden der Mails";

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  try {
    return { ...(await withViewer(viewer, (tx) => listUndeliveredMails(tx))), limit: UNDELIVERED_LIMIT, error: null };
  } catch (error) {
    return {
      rows: [],
      total: 0,
      newsletterQueued: 0,
      limit: UNDELIVERED_LIMIT,
      error: adminFailure(LOAD_ERROR, error),
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const id = (await request.formData()).get("id");
  try {
    if (!isUuid(id)) throw new MalformedAdminRequest("invalid mail id");
    if (!(await withViewer(viewer, (tx) => retryMail(tx, id)))) throw new Error("mail not found or already sent");
  } catch (error) {
    return redirectWithError("/admin/mails", adminFailure("Fehler beim erneuten Senden", error));
  }
  return redirectWithSuccess("/admin/mails", {
    message: "Mail wird erneut gesendet",
    description: "Die Mail ist wieder in der Warteschlange und wird gleich zugestellt.",
  });
}

const STATUS = {
  queued: { label: "In Warteschlange", variant: "warning" },
  failed: { label: "Fehlgeschlagen", variant: "destructive" },
} as const;

export default function AdminMails() {
  const { rows, total, newsletterQueued, limit, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  // A mail sent again leaves the list with its button: focus goes to the title rather than to <body>.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(rows.map((mail) => mail.id).join(), { whenLost: true });
  return (
    <>
      <AdminPageHeader
        headingRef={heading}
        title="Mails"
        description={`${countOf(total, "nicht zugestellte Mail", "nicht zugestellte Mails")}${total > limit ? ` (die ${limit} neuesten)` : ""}`}
        error={error}
      />
      <div className="mt-6">
        {newsletterQueued > 0 ? (
          <p className="mb-4 text-sm text-muted-foreground" data-testid="newsletter-queued">
            Außerdem {countOf(newsletterQueued, "Newsletter-Mail", "Newsletter-Mails")} auf dem Weg; den Fortschritt
            zeigt die{" "}
            <Link to="/admin/newsletter/aussendungen" className="text-primary underline">
              Aussendung
            </Link>
            .
          </p>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{error ? EMPTY_TEXT : "Alle Mails wurden zugestellt."}</p>
        ) : (
          <AdminTable
            caption="Nicht zugestellte Mails"
            head={["Empfänger", "Betreff", "Status", "Versuche", "Letzter Fehler", "Nächster Versuch", "Aktionen"]}
          >
            {rows.map((mail) => {
              const status = STATUS[mail.status as keyof typeof STATUS] ?? STATUS.queued;
              return (
                <tr key={mail.id}>
                  <td className={`${cellClass} break-words`}>
                    <BreakableAddress text={mail.to_address} />
                  </td>
                  <td className={cellClass}>{mail.subject}</td>
                  <td className={cellClass}>
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </td>
                  <td className={cellClass}>{mail.attempts}</td>
                  <td className={`${cellClass} max-w-xs break-words text-muted-foreground`}>
                    {mail.last_error ?? "–"}
                  </td>
                  <td className={cellClass}>{mail.status === "failed" ? "–" : formatDateTime(mail.next_attempt_at)}</td>
                  <td className={cellClass}>
                    <Form method="post">
                      <input type="hidden" name="id" value={mail.id} />
                      <Button
                        type="submit"
                        size="sm"
                        variant="outline"
                        pending={busyId === mail.id}
                        aria-label={`Erneut senden: ${mail.subject} an ${mail.to_address}`}
                      >
                        Erneut senden
                      </Button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </div>
    </>
  );
}
