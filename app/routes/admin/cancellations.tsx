import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "react-router";
import { z } from "~/lib/schemas/zod";
import type { Route } from "./+types/cancellations";
import { AdminFilterNav, AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { MatchForm } from "~/components/admin/match-form";
import { ofDeletedAccount, type AdminCancellationRow } from "~/lib/admin/cancellations";
import { emptyPage, listHref, readListParams, safeAdminPath } from "~/lib/admin/list-params";
import { countOf, formatDate, formatDateTime } from "~/lib/format";
import { KIND_LABELS, type CancellationKind } from "~/lib/schemas/cancellation";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import {
  listCancellationsAdmin,
  matchCancellation,
  UnconfirmedOtherAddress,
} from "~/server/members/cancellations.server";
import { matchByHand } from "~/server/admin/match-by-hand.server";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";
import { useRefocusAfterChange } from "~/components/use-refocus";

export const meta: Route.MetaFunction = () => [{ title: "Kündigungen – BeHappy Admin" }];

const PATH = "/admin/kuendigungen";
const UNMATCHED = { value: "offen", labels: ["Alle Kündigungen", "Nicht zugeordnet"] } as const;
const LOAD_ERROR = "Fehler beim Laden der Kündigungen";

const matchSchema = z.object({
  intent: z.literal("match"),
  id: z.string().uuid(),
  accountEmail: z
    .string({ error: "Bitte gib die E-Mail-Adresse des Kontos ein." })
    .trim()
    .max(254, "Die E-Mail-Adresse ist zu lang.")
    .pipe(z.email({ error: "Bitte gib eine gültige E-Mail-Adresse ein." })),
  returnTo: z.string().optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = { ...readListParams(url.searchParams), unmatched: url.searchParams.get("filter") === "offen" };
  try {
    const list = await withViewer(viewer, (tx) => listCancellationsAdmin(tx, params));
    return { list, unmatched: params.unmatched, error: null };
  } catch (error) {
    const list = emptyPage<AdminCancellationRow>(params.q);
    return { list, unmatched: params.unmatched, error: adminFailure(LOAD_ERROR, error) };
  }
}

/**
 * Match by hand: parse → apply the declaration to the account with that e-mail → back to the list.
 * A refused address comes back at its field; an account under neither of the declaration's
 * addresses asks to confirm first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), PATH);
  const submission = parseWithZod(formData, { schema: matchSchema });
  const match = matchByHand(formData, "accountEmail");
  if (submission.status !== "success") {
    const problem = Object.values(submission.error ?? {}).flat()[0] ?? "Ungültige Eingabe.";
    if (!match.ofARow) return redirectWithError(returnTo, { message: "Nicht zugeordnet", description: problem });
    return match.refuse(problem);
  }
  const { id, accountEmail } = submission.value;
  let result;
  try {
    result = await withViewer(viewer, (tx) => matchCancellation(tx, id, accountEmail, match.confirmed));
  } catch (error) {
    if (error instanceof UnconfirmedOtherAddress) {
      return match.ask(
        `Die Kündigung kam von ${error.declarationEmail}, das Konto hat die Adresse ${accountEmail}. Ordne sie nur zu, wenn sicher ist, dass beide Adressen zu derselben Person gehören: Die Mitgliedschaft dieses Kontos endet damit.`,
      );
    }
    return redirectWithError(returnTo, adminFailure("Fehler beim Zuordnen", error, { id }));
  }
  if (result === "no-account") return match.refuse(`Es gibt kein Konto mit der E-Mail-Adresse ${accountEmail}.`);
  if (result !== "matched") {
    const description = {
      already: "Die Kündigung ist bereits zugeordnet.",
      "not-found": "Die Kündigung wurde nicht gefunden.",
      "account-deleted":
        "Das Konto dieser Kündigung wurde gelöscht; sie bleibt als Nachweis und gilt für kein anderes.",
    }[result];
    return redirectWithError(returnTo, { message: "Nicht zugeordnet", description });
  }
  return redirectWithSuccess(returnTo, {
    message: "Kündigung zugeordnet",
    description: `Die Kündigung gilt jetzt für das Konto ${accountEmail}; das Mitglied erhält eine Bestätigung.`,
  });
}

export default function AdminCancellations() {
  const { list, unmatched, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>()?.match;
  const filter = unmatched ? UNMATCHED.value : undefined;
  const here = listHref(PATH, { q: list.q, page: list.page }, { filter });
  const description = `${countOf(list.total, "Kündigung", "Kündigungen")}${unmatched ? " ohne Zuordnung" : ""}, neueste zuerst`;
  // A matched row loses its form (or, under "ohne Zuordnung", the list): focus waits at the title.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(
    list.rows.map((row) => `${row.id}:${row.user_id ?? ""}`).join(),
    { whenLost: true },
  );
  return (
    <>
      <AdminPageHeader title="Kündigungen" description={description} error={error} headingRef={heading} />
      <AdminFilterNav path={PATH} q={list.q} filter={UNMATCHED} active={unmatched} />
      <AdminList searchLabel="Nach Name, E-Mail oder Vertrag suchen" list={list} path={PATH} keep={{ filter }}>
        <AdminTable caption="Kündigungen" head={["Eingang", "Erklärung", "Absender", "Zuordnung"]}>
          {list.rows.map((row) => (
            <tr key={row.id} data-testid="cancellation-row">
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.created_at)}</td>
              <td className={cellClass}>
                <span className="font-medium">{KIND_LABELS[row.kind as CancellationKind] ?? row.kind}</span>
                <span className="block text-sm">
                  Ende: {row.wished_end ? formatDate(row.wished_end) : "nächstmöglich"}
                </span>
                {row.reason ? <span className="block whitespace-pre-wrap text-sm">Grund: {row.reason}</span> : null}
              </td>
              <td className={`${cellClass} break-words`}>
                <span className="block">
                  <BreakableName text={row.name} />
                </span>
                <span className="block text-sm">
                  <BreakableAddress text={row.email} />
                </span>
                <span className="block text-sm">Vertrag: {row.contract_reference ?? "–"}</span>
                <span className="block text-sm">
                  Bestätigung an: <BreakableAddress text={row.confirmation_email} />
                </span>
              </td>
              <td className={cellClass}>
                {ofDeletedAccount(row) ? (
                  <>
                    <Badge variant="secondary">Konto gelöscht</Badge>
                    <span className="block text-sm">
                      {row.withdrawn_at
                        ? "zurückgenommen"
                        : row.ends_at
                          ? `Ende: ${formatDate(row.ends_at)}`
                          : "keine laufende Mitgliedschaft"}
                    </span>
                  </>
                ) : row.user_id ? (
                  <>
                    <Badge variant="success">zugeordnet</Badge>
                    <span className="block text-sm">
                      {row.withdrawn_at
                        ? "zurückgenommen"
                        : row.ends_at
                          ? `endet am ${formatDate(row.ends_at)}`
                          : "keine laufende Mitgliedschaft"}
                    </span>
                  </>
                ) : (
                  <>
                    <Badge variant="warning">nicht zugeordnet</Badge>
                    <MatchForm
                      rowId={row.id}
                      returnTo={here}
                      answer={answer?.id === row.id ? answer : undefined}
                      field={{
                        name: "accountEmail",
                        label: `E-Mail des Kontos für die Kündigung von ${row.name}`,
                        placeholder: "E-Mail des Kontos",
                        maxLength: 254,
                        type: "email",
                        defaultValue: row.email,
                        className:
                          "h-9 w-full min-w-0 max-w-56 rounded-md border border-input bg-background px-2 text-sm",
                      }}
                    />
                  </>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
    </>
  );
}
