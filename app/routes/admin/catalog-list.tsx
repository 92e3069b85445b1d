import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useLoaderData, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/catalog-list";
import { AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { FlagToggle } from "~/components/admin/flag-toggle";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { deleteWarning } from "~/lib/admin/catalog-delete";
import { FLAG_TEXTS, KIND_TEXTS, kindFromPath, kindToasts, type AdminKind } from "~/lib/admin/kinds";
import { emptyPage, listHref, readListParams, safeAdminPath } from "~/lib/admin/list-params";
import { countOf, formatCommunityPrice, formatDate, formatPrice } from "~/lib/format";
import { catalogRowActionSchema } from "~/lib/schemas/admin";
import { withViewer } from "~/server/db/db.server";
import {
  deleteCatalogItem,
  getCatalogTitle,
  listCatalogAdmin,
  setCatalogFlag,
  type CatalogListRow,
} from "~/server/catalog/admin-catalog.server";
import { adminFailure, MalformedAdminRequest, requireAdmin } from "~/server/members/admin-guard.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";

/** /admin/events, /admin/courses, /admin/products: one module, the kind comes from the URL. */

function kindOf(request: Request): AdminKind {
  const kind = kindFromPath(new URL(request.url).pathname);
  if (!kind) throw new Response(null, { status: 404 });
  return kind;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? KIND_TEXTS[loaderData.kind].heading : "Admin"} – BeHappy Admin` },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const kind = kindOf(request);
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const deleteId = url.searchParams.get("delete");
  try {
    const { list, toDelete } = await withViewer(viewer, async (tx) => ({
      list: await listCatalogAdmin(tx, kind, params),
      toDelete: isUuid(deleteId) ? await getCatalogTitle(tx, kind, deleteId) : null,
    }));
    return { kind, list, toDelete, error: null };
  } catch (error) {
    const notice = adminFailure(kindToasts(kind).loadListError, error, { kind });
    return { kind, list: emptyPage<CatalogListRow>(params.q), toDelete: null, error: notice };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const kind = kindOf(request);
  const toasts = kindToasts(kind);
  const listPath = `/admin/${kind}`;
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), listPath);
  const submission = parseWithZod(formData, { schema: catalogRowActionSchema });
  if (submission.status !== "success") {
    return redirectWithError(
      returnTo,
      adminFailure(toasts.updateError, new MalformedAdminRequest("invalid row action"), { kind }),
    );
  }
  const input = submission.value;

  if (input.intent === "flag") {
    try {
      const title = await withViewer(viewer, (tx) => setCatalogFlag(tx, kind, input.id, input.flag, input.value));
      if (title === null) throw new Error("no row updated");
      const texts = FLAG_TEXTS[input.flag];
      return redirectWithSuccess(returnTo, {
        message: toasts.updated,
        description: `„${title}“ wurde ${input.value ? texts.added : texts.removed}.`,
      });
    } catch (error) {
      return redirectWithError(returnTo, adminFailure(toasts.updateError, error, { kind, id: input.id }));
    }
  }

  try {
    const title = await withViewer(viewer, (tx) => deleteCatalogItem(tx, kind, input.id));
    if (title === null) throw new Error("no row deleted");
    return redirectWithSuccess(returnTo, {
      message: toasts.deleted,
      description: `„${title}“ wurde dauerhaft gelöscht.`,
    });
  } catch (error) {
    return redirectWithError(returnTo, adminFailure(toasts.deleteError, error, { kind, id: input.id }));
  }
}

export default function AdminCatalogList() {
  const { kind, list, toDelete, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const texts = KIND_TEXTS[kind];
  const listPath = `/admin/${kind}`;
  const here = listHref(listPath, { q: list.q, page: list.page });
  const isProducts = kind === "products";

  return (
    <>
      <AdminPageHeader
        title={texts.heading}
        description={`${countOf(list.total, texts.one, texts.many)}${list.q ? ` für „${list.q}“` : ""}`}
        actions={
          <Link to={`${listPath}/new`} className={buttonClass("default")}>
            Neu hinzufügen
          </Link>
        }
        error={error}
      />
      <AdminList searchLabel="Nach Titel suchen" list={list} path={listPath}>
        <AdminTable
          caption={texts.heading}
          stickyFirstColumn
          head={[
            "Titel",
            "Kategorie",
            isProducts ? "Verfügbarkeit" : "Datum",
            "Preis",
            "BeHappy-Preis",
            "Startseite",
            "Angebote",
            "Aktionen",
          ]}
        >
          {list.rows.map((row) => {
            const editHref = `${listPath}/new/${row.id}`;
            return (
              <tr
                key={row.id}
                className="cursor-pointer hover:bg-muted/50"
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a, button, input, label, form, summary")) return;
                  navigate(editHref);
                }}
              >
                {/*
                  Titles and categories break at syllables (soft hyphens), so the table fits beside the
                  sidebar at 1280 px. On a phone the table scrolls in its region and the title stays put at
                  its left edge, readable beside the toggles. break-words only for a word without syllables.
                */}
                <td className={`${cellClass} min-w-40 break-words`}>
                  <Link to={editHref} className="font-medium underline-offset-4 hover:underline">
                    {row.displayTitle}
                  </Link>
                </td>
                <td className={`${cellClass} break-words`}>{row.displayCategory}</td>
                <td className={cellClass}>
                  {isProducts ? (
                    <Badge variant={row.availability ? "success" : "secondary"}>
                      {row.availability ? "Verfügbar" : "Ausverkauft"}
                    </Badge>
                  ) : (
                    formatDate(row.date) || "–"
                  )}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(row.price)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatCommunityPrice(row.behappy_price)}</td>
                {(["show_on_startpage", "show_on_offer"] as const).map((flag) => (
                  <td key={flag} className={cellClass}>
                    <FlagToggle id={row.id} title={row.title} flag={flag} checked={row[flag]} returnTo={here} />
                  </td>
                ))}
                <td className={cellClass}>
                  {/* Stacked, so all columns fit beside the sidebar at 1280 px. */}
                  <div className="flex flex-col items-start">
                    <Link to={editHref} aria-label={`Bearbeiten: ${row.title}`} className={buttonClass("ghost", "sm")}>
                      Bearbeiten
                    </Link>
                    {kind !== "products" ? (
                      <Link
                        to={`/admin/${kind}/${row.id}/teilnehmer`}
                        aria-label={`Teilnehmer: ${row.title}`}
                        className={buttonClass("ghost", "sm")}
                      >
                        Teilnehmer
                      </Link>
                    ) : null}
                    <Link
                      to={listHref(listPath, { q: list.q, page: list.page }, { delete: row.id })}
                      preventScrollReset
                      aria-label={`Löschen: ${row.title}`}
                      className={buttonClass("ghost", "sm", "text-destructive")}
                    >
                      Löschen
                    </Link>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminList>
      {toDelete ? (
        <ConfirmDeleteDialog
          id={toDelete.id}
          title={toDelete.title}
          warning={deleteWarning(toDelete.bookings)}
          closeHref={here}
          key={location.key}
        />
      ) : null}
    </>
  );
}
