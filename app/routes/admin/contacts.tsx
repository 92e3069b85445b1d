import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/contacts";
import { AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { contactStatusLabel } from "~/lib/admin/kinds";
import { emptyPage, listHref, readListParams, safeAdminPath, type Page } from "~/lib/admin/list-params";
import { countOf, formatDateTime } from "~/lib/format";
import { contactReadSchema } from "~/lib/schemas/admin";
import { withViewer } from "~/server/db/db.server";
import {
  getContactAdmin,
  listContactsAdmin,
  markContactRead,
  type ContactRow,
} from "~/server/contact/admin-contacts.server";
import { adminFailure, MalformedAdminRequest, requireAdmin } from "~/server/members/admin-guard.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";

export const meta: Route.MetaFunction = () => [{ title: "Kontaktanfragen – BeHappy Admin" }];

const LOAD_ERROR = "Fehler beim Laden der Kontaktanfragen";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const messageId = url.searchParams.get("message");
  try {
    const result = await withViewer(viewer, async (tx) => ({
      list: await listContactsAdmin(tx, params),
      message: isUuid(messageId) ? await getContactAdmin(tx, messageId) : null,
    }));
    return { ...result, error: null };
  } catch (error) {
    return { list: emptyPage<ContactRow>(params.q), message: null, error: adminFailure(LOAD_ERROR, error) };
  }
}

/** new → read (spec §4 Contact message). A POST, never a side effect of opening the dialog (GET). */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), "/admin/contacts");
  const submission = parseWithZod(formData, { schema: contactReadSchema });
  try {
    if (submission.status !== "success") throw new MalformedAdminRequest("invalid contact action");
    const { id } = submission.value;
    const updated = await withViewer(viewer, (tx) => markContactRead(tx, id));
    if (!updated) throw new Error("no row updated");
  } catch (error) {
    return redirectWithError(returnTo, adminFailure("Fehler beim Aktualisieren des Status", error));
  }
  return redirectWithSuccess(returnTo, {
    message: "Nachricht aktualisiert",
    description: "Die Nachricht wurde als gelesen markiert.",
  });
}

/** With JS the message is marked read as soon as the dialog opens; without JS by the button. */
function MarkRead({ id, returnTo }: { id: string; returnTo: string }) {
  const fetcher = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !form.current) return;
    sent.current = true;
    fetcher.submit(form.current);
  }, [fetcher]);
  return (
    <fetcher.Form method="post" ref={form}>
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" pending={fetcher.state !== "idle"}>
        Als gelesen markieren
      </Button>
    </fetcher.Form>
  );
}

/**
 * 'Anzeigen'. A new message is opened by a POST that marks it read and then shows it (PRG), so
 * opening marks it read with and without JavaScript; a read one is simply a link.
 */
function OpenMessage({ row, list }: { row: ContactRow; list: Page<ContactRow> }) {
  const href = listHref("/admin/contacts", { q: list.q, page: list.page }, { message: row.id });
  const label = `Anzeigen: Nachricht von ${row.name}`;
  if (row.status !== "new") {
    return (
      <Link to={href} preventScrollReset aria-label={label} className={buttonClass("ghost", "sm")}>
        Anzeigen
      </Link>
    );
  }
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="returnTo" value={href} />
      <Button type="submit" variant="ghost" size="sm" aria-label={label}>
        Anzeigen
      </Button>
    </Form>
  );
}

function MessageDialog({ message, closeHref, selfHref }: { message: ContactRow; closeHref: string; selfHref: string }) {
  return (
    <Dialog
      title={`Nachricht von ${message.name}`}
      description={`Eingegangen am ${formatDateTime(message.created_at)}`}
      closeHref={closeHref}
      footer={
        <>
          {message.status === "new" ? <MarkRead id={message.id} returnTo={selfHref} /> : null}
          <Link to={closeHref} replace preventScrollReset className={buttonClass("outline")}>
            Schließen
          </Link>
        </>
      }
    >
      <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">Status</dt>
        <dd>
          <Badge variant={message.status === "read" ? "secondary" : "warning"} data-testid="message-status">
            {contactStatusLabel(message.status)}
          </Badge>
        </dd>
        <dt className="font-medium">E-Mail</dt>
        <dd className="break-all">
          <a href={`mailto:${message.email}`} className="underline">
            {message.email}
          </a>
        </dd>
        {message.phone ? (
          <>
            <dt className="font-medium">Telefon</dt>
            <dd>
              <a href={`tel:${message.phone.replace(/[^0-9+]/g, "")}`} className="underline">
                {message.phone}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 text-sm font-medium">Nachricht</h3>
      <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{message.message}</p>
    </Dialog>
  );
}

export default function AdminContacts() {
  const { list, message, error } = useLoaderData<typeof loader>();
  const here = listHref("/admin/contacts", { q: list.q, page: list.page });
  return (
    <>
      <AdminPageHeader title="Kontaktanfragen" description={countOf(list.total, "Anfrage", "Anfragen")} error={error} />
      <AdminList searchLabel="Nach Name suchen" list={list} path="/admin/contacts">
        <AdminTable caption="Kontaktanfragen" head={["Name", "E-Mail", "Status", "Eingegangen", "Aktionen"]}>
          {list.rows.map((row) => (
            <tr key={row.id} className={row.status === "new" ? "font-semibold" : undefined}>
              <td className={cellClass}>
                <BreakableName text={row.name} />
              </td>
              <td className={`${cellClass} break-words`}>
                <BreakableAddress text={row.email} />
              </td>
              <td className={cellClass}>
                <Badge variant={row.status === "read" ? "secondary" : "warning"}>
                  {contactStatusLabel(row.status)}
                </Badge>
              </td>
              <td className={cellClass}>{formatDateTime(row.created_at)}</td>
              <td className={cellClass}>
                <OpenMessage row={row} list={list} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
      {message ? (
        <MessageDialog
          message={message}
          closeHref={here}
          selfHref={listHref("/admin/contacts", { q: list.q, page: list.page }, { message: message.id })}
        />
      ) : null}
    </>
  );
}
