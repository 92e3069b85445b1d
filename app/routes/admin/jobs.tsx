import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/jobs";
import { AdminPageHeader, AdminTable, cellClass, EMPTY_TEXT } from "~/components/admin/admin-list";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { runNowConsequence } from "~/lib/admin/jobs";
import { countOf, formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { withViewer } from "~/server/db/db.server";
import { JOB_HANDLERS, jobLabel } from "~/server/jobs/handlers.server";
import { listJobs, runJobNow } from "~/server/jobs/jobs.server";
import { adminFailure, MalformedAdminRequest, requireAdmin } from "~/server/members/admin-guard.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Geplante Aufgaben – BeHappy Admin" }];

const LOAD_ERROR = "Fehler beim Laden der geplanten Aufgaben";

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  try {
    const rows = await withViewer(viewer, listJobs);
    return {
      rows: rows.map((job) => ({
        ...job,
        label: jobLabel(job.kind),
        run_at: new Date(job.run_at).toISOString(),
        last_run_at: job.last_run_at ? new Date(job.last_run_at).toISOString() : null,
      })),
      error: null,
    };
  } catch (error) {
    return { rows: [], error: adminFailure(LOAD_ERROR, error) };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const id = (await request.formData()).get("id");
  try {
    if (!isUuid(id)) throw new MalformedAdminRequest("invalid job id");
    if (!(await runJobNow(viewer, id, JOB_HANDLERS))) throw new Error("job not found or already done");
  } catch (error) {
    return redirectWithError("/admin/jobs", adminFailure("Fehler beim Ausführen", error));
  }
  return redirectWithSuccess("/admin/jobs", {
    message: "Aufgabe ausgeführt",
    description: "Das Ergebnis steht in der Liste: letzter Lauf und, falls es einen gab, der Fehler.",
  });
}

const STATUS = {
  scheduled: { label: "Geplant", variant: "secondary" },
  failed: { label: "Fehlgeschlagen", variant: "destructive" },
  done: { label: "Erledigt", variant: "success" },
} as const;

export default function AdminJobs() {
  const { rows, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const toRun = rows.find((job) => job.id === searchParams.get("run") && job.status !== "done");
  // A job run to its end loses its button: focus goes to the title rather than to <body>.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(rows.map((job) => job.status).join(), { whenLost: true });
  return (
    <>
      <AdminPageHeader
        headingRef={heading}
        title="Geplante Aufgaben"
        description={`${countOf(rows.length, "Aufgabe", "Aufgaben")}: was der Shop zu einer bestimmten Zeit von selbst erledigt.`}
        error={error}
      />
      <div className="mt-6">
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{error ? EMPTY_TEXT : "Es sind keine Aufgaben geplant."}</p>
        ) : (
          <AdminTable
            caption="Geplante Aufgaben"
            head={["Aufgabe", "Status", "Nächster Lauf", "Letzter Lauf", "Letzter Fehler", "Aktionen"]}
          >
            {rows.map((job) => {
              const status = STATUS[job.status as keyof typeof STATUS] ?? STATUS.scheduled;
              return (
                <tr key={job.id}>
                  <td className={cellClass}>
                    {job.label}
                    {job.key !== job.kind ? (
                      <span className="block text-xs text-muted-foreground">{job.key}</span>
                    ) : null}
                  </td>
                  <td className={cellClass}>
                    <Badge variant={status.variant}>{status.label}</Badge>
                    {job.attempts > 0 ? (
                      <span className="block text-xs text-muted-foreground">
                        {countOf(job.attempts, "Fehlversuch", "Fehlversuche")}
                      </span>
                    ) : null}
                  </td>
                  <td className={cellClass}>{job.status === "done" ? "–" : formatDateTime(job.run_at)}</td>
                  <td className={cellClass}>{job.last_run_at ? formatDateTime(job.last_run_at) : "noch nie"}</td>
                  <td className={`${cellClass} max-w-xs break-words text-muted-foreground`}>{job.last_error ?? "–"}</td>
                  <td className={cellClass}>
                    {job.status === "done" ? (
                      "–"
                    ) : (
                      // Asks first (a GET that opens the dialog, also without JS): a job run early
                      // does its work now, and a one-time job (an event's reminder) not again.
                      <Form method="get" preventScrollReset>
                        <input type="hidden" name="run" value={job.id} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          pending={busyId === job.id}
                          aria-label={`Jetzt ausführen: ${job.label}`}
                        >
                          Jetzt ausführen
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </div>
      {toRun ? (
        <Dialog
          title="Aufgabe jetzt ausführen?"
          description={runNowConsequence({
            label: toRun.label,
            plannedFor: formatDateTime(toRun.run_at),
            repeats: toRun.repeat_seconds !== null,
          })}
          closeHref="/admin/jobs"
          footer={
            <>
              <Link to="/admin/jobs" replace preventScrollReset className={buttonClass("outline")}>
                Abbrechen
              </Link>
              <Form method="post" replace preventScrollReset>
                <input type="hidden" name="id" value={toRun.id} />
                <Button type="submit" pending={busyId === toRun.id}>
                  Jetzt ausführen
                </Button>
              </Form>
            </>
          }
        />
      ) : null}
    </>
  );
}
