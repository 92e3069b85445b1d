import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useLoaderData } from "react-router";
import { z } from "~/lib/schemas/zod";
import type { Route } from "./+types/withdrawals";
import { AdminFilterNav, AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { MatchForm } from "~/components/admin/match-form";
import { emptyPage, listHref, readListParams, safeAdminPath } from "~/lib/admin/list-params";
import { countOf, formatDateTime, orderNumber, shortId } from "~/lib/format";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import type { AdminWithdrawalRow } from "~/lib/admin/withdrawals";
import { listWithdrawalsAdmin, matchWithdrawal } from "~/server/orders/withdrawals.server";
import { matchByHand } from "~/server/admin/match-by-hand.server";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";
import { useRefocusAfterChange } from "~/components/use-refocus";

export const meta: Route.MetaFunction = () => [{ title: "Widerrufe – BeHappy Admin" }];

const PATH = "/admin/withdrawals";
/** Open: not matched yet, or its order not cancelled yet (listWithdrawalsAdmin). */
const OPEN = { value: "offen", labels: ["Alle Widerrufe", "Offen"] } as const;
const LOAD_ERROR = "Fehler beim Laden der Widerrufe";

const matchSchema = z.object({
  intent: z.literal("match"),
  id: z.string().uuid(),
  orderNumber: z
    .string({ error: "Bitte gib eine Bestellnummer ein." })
    .trim()
    .regex(/^#?[0-9a-fA-F]{8}$/, "Die Bestellnummer besteht aus 8 Zeichen (0–9, A–F)."),
  returnTo: z.string().optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = { ...readListParams(url.searchParams), open: url.searchParams.get("filter") === OPEN.value };
  try {
    const list = await withViewer(viewer, (tx) => listWithdrawalsAdmin(tx, params));
    return { list, open: params.open, error: null };
  } catch (error) {
    const list = emptyPage<AdminWithdrawalRow>(params.q);
    return { list, open: params.open, error: adminFailure(LOAD_ERROR, error) };
  }
}

/**
 * Match by hand: parse → link the withdrawal to the order with that number → back to the list. A
 * refused number comes back at its field; an order under another address asks to confirm first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, user } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), "/admin/withdrawals");
  const submission = parseWithZod(formData, { schema: matchSchema });
  const match = matchByHand(formData, "orderNumber");
  if (submission.status !== "success") {
    const problem = Object.values(submission.error ?? {}).flat()[0] ?? "Ungültige Eingabe.";
    if (!match.ofARow) return redirectWithError(returnTo, { message: "Nicht zugeordnet", description: problem });
    return match.refuse(problem);
  }
  const { id, orderNumber: reference } = submission.value;
  let result;
  try {
    result = await withViewer(viewer, (tx) => matchWithdrawal(tx, id, reference, user.id, match.confirmed));
  } catch (error) {
    return redirectWithError(returnTo, adminFailure("Fehler beim Zuordnen", error, { id }));
  }
  switch (result.status) {
    case "no-order":
      return match.refuse(`Es gibt keine Bestellung mit der Nummer ${orderNumber(reference)}.`);
    case "other-address":
      return match.ask(
        `Die Bestellung ${orderNumber(reference)} lief auf ${result.orderEmail}, der Widerruf kam von ${result.declarationEmail}. Ordne ihn nur zu, wenn sicher ist, dass beide Adressen zu derselben Person gehören.`,
      );
    case "not-found":
      return redirectWithError(returnTo, {
        message: "Nicht zugeordnet",
        description: "Der Widerruf wurde nicht gefunden.",
      });
  }
  return redirectWithSuccess(returnTo, {
    message: "Widerruf zugeordnet",
    description: `Der Widerruf ist jetzt der Bestellung ${orderNumber(reference)} zugeordnet.`,
  });
}

/** Done once the order is cancelled; until then the admin still has to cancel it. */
function WithdrawalState({ orderStatus }: { orderStatus: string | null }) {
  if (orderStatus === "cancelled") return <Badge variant="success">erledigt: storniert</Badge>;
  return <Badge variant="warning">offen: noch nicht storniert</Badge>;
}

export default function AdminWithdrawals() {
  const { list, open, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>()?.match;
  const filter = open ? OPEN.value : undefined;
  const here = listHref(PATH, { q: list.q, page: list.page }, { filter });
  const description = `${countOf(list.total, "Widerruf", "Widerrufe")}${open ? " offen" : ""}, neueste zuerst. Erledigt ist ein Widerruf, sobald seine Bestellung storniert ist: Das gibt gebuchte Plätze frei und legt die Erstattung an.`;
  // A matched row loses its form (or, under "offen", the list): focus waits at the title.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(
    list.rows.map((row) => `${row.id}:${row.order_id ?? ""}`).join(),
    { whenLost: true },
  );
  return (
    <>
      <AdminPageHeader title="Widerrufe" description={description} error={error} headingRef={heading} />
      <AdminFilterNav path={PATH} q={list.q} filter={OPEN} active={open} />
      <AdminList searchLabel="Nach Name, E-Mail oder Bestellnummer suchen" list={list} path={PATH} keep={{ filter }}>
        <AdminTable
          caption="Widerrufe"
          head={["Eingang", "Name", "E-Mail", "Bestellnummer (Angabe)", "Anmerkung", "Bestellung"]}
        >
          {list.rows.map((row) => (
            <tr key={row.id} data-testid="withdrawal-row">
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.created_at)}</td>
              <td className={cellClass}>
                <BreakableName text={row.name} />
              </td>
              <td className={`${cellClass} break-words`}>
                <BreakableAddress text={row.email} />
              </td>
              <td className={`${cellClass} font-mono`}>{orderNumber(row.order_reference)}</td>
              <td className={`${cellClass} whitespace-pre-wrap`}>{row.note ?? "–"}</td>
              <td className={cellClass}>
                {row.order_id ? (
                  <>
                    <Link
                      to={listHref("/admin/orders", {}, { order: row.order_id })}
                      className="font-mono underline"
                      aria-label={`Bestellung ${shortId(row.order_id)} anzeigen`}
                    >
                      {shortId(row.order_id)}
                    </Link>{" "}
                    <WithdrawalState orderStatus={row.order_status} />
                  </>
                ) : (
                  <>
                    <Badge variant="warning">nicht zugeordnet</Badge>
                    <MatchForm
                      rowId={row.id}
                      returnTo={here}
                      answer={answer?.id === row.id ? answer : undefined}
                      field={{
                        name: "orderNumber",
                        label: `Bestellnummer für den Widerruf von ${row.name}`,
                        placeholder: "Bestellnummer",
                        maxLength: 9,
                        className: "h-9 w-32 rounded-md border border-input bg-background px-2 font-mono text-sm",
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
