import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/orders";
import { AdminErrorNotice, AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { AuditList } from "~/components/admin/audit-list";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import {
  ORDER_STATUSES,
  orderItemTypeLabel,
  orderStatusLabel,
  orderStatusVariant,
  type OrderStatus,
} from "~/lib/admin/kinds";
import { listHref, readListParams, safeAdminPath, totalPages } from "~/lib/admin/list-params";
import { formatDateTime, formatPrice, orderNumber, shortId } from "~/lib/format";
import { orderStatusSchema } from "~/lib/schemas/admin";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, requireAdmin, type AdminNotice } from "~/server/auth/admin-guard.server";
import { changeOrderStatus } from "~/server/payment/order-mails.server";
import {
  getOrderDetail,
  listOpenOrdersAdmin,
  listOrdersAdmin,
  type AdminOrderRow,
} from "~/server/queries/admin/orders.server";
import type { Page } from "~/server/queries/admin/paging.server";
import { isUuid } from "~/lib/uuid";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Bestellungen – BeHappy Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const orderId = url.searchParams.get("order");
  if (orderId !== null) {
    try {
      const detail = isUuid(orderId) ? await withViewer(viewer, (tx) => getOrderDetail(tx, orderId)) : null;
      return { view: "detail" as const, params, detail, error: null };
    } catch (error) {
      return {
        view: "detail" as const,
        params,
        detail: null,
        error: adminFailure("Fehler beim Laden der Bestellungen", error, {}, "Bitte versuche es später erneut."),
      };
    }
  }
  // ?filter=open: pending orders (payments not yet received) and their sum.
  const open = url.searchParams.get("filter") === "open";
  try {
    const list = await withViewer(viewer, (tx): Promise<OrderPage> =>
      open ? listOpenOrdersAdmin(tx, params) : listOrdersAdmin(tx, params).then((page) => ({ ...page, openSum: null })),
    );
    return { view: "list" as const, list, open, error: null };
  } catch (error) {
    const empty: OrderPage = { rows: [], total: 0, page: 1, totalPages: 1, q: params.q, openSum: null };
    return {
      view: "list" as const,
      list: empty,
      open,
      error: adminFailure("Fehler beim Laden der Bestellungen", error, {}, "Bitte versuche es später erneut."),
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), "/admin/orders");
  const submission = parseWithZod(formData, { schema: orderStatusSchema });
  const failed = (error: unknown) =>
    redirectWithError(
      returnTo,
      adminFailure("Fehler bei der Aktualisierung", error, {}, "Der Status konnte nicht aktualisiert werden."),
    );
  if (submission.status !== "success") return failed("invalid order status action");
  const { id, status } = submission.value;
  let previous: string | null;
  try {
    previous = await changeOrderStatus(viewer, id, status);
    if (previous === null) throw new Error("no row updated");
  } catch (error) {
    return failed(error);
  }
  return redirectWithSuccess(returnTo, {
    message: "Status aktualisiert",
    description: `Der Bestellstatus wurde auf „${orderStatusLabel(status)}“ geändert.`,
  });
}

function StatusForm({
  id,
  status,
  label,
  returnTo,
  disabled,
  variant = "outline",
}: {
  id: string;
  status: OrderStatus;
  label: string;
  returnTo: string;
  disabled?: boolean;
  variant?: "outline" | "default" | "destructive" | "ghost";
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant={variant} size="sm" disabled={disabled}>
        {label}
      </Button>
    </Form>
  );
}

function ConfirmCancel({ row, closeHref }: { row: AdminOrderRow; closeHref: string }) {
  return (
    <Dialog
      title="Bestellung stornieren?"
      description={`Die Bestellung ${shortId(row.id)} von ${row.customer_name} über ${formatPrice(row.total_amount)} wird storniert.`}
      closeHref={closeHref}
      footer={
        <>
          <Link to={closeHref} replace preventScrollReset className={buttonClass("outline")}>
            Abbrechen
          </Link>
          <StatusForm id={row.id} status="cancelled" label="Stornieren" returnTo={closeHref} variant="destructive" />
        </>
      }
    />
  );
}

type OrderPage = Page<AdminOrderRow> & { openSum: number | null };

/** The label of "completed" as an action: completing an order confirms the bank transfer. */
const PAYMENT_RECEIVED = "Zahlung eingegangen";

function OrderList({ list, open, error }: { list: OrderPage; open: boolean; error: AdminNotice | null }) {
  const filter = open ? "open" : undefined;
  const here = listHref("/admin/orders", { q: list.q, page: list.page }, { filter });
  const [searchParams] = useSearchParams();
  const toCancel = list.rows.find((r) => r.id === searchParams.get("cancel") && r.status !== "cancelled");
  return (
    <>
      <AdminPageHeader
        title="Bestellungen"
        description={`${list.total} ${list.total === 1 ? "Bestellung" : "Bestellungen"}${open ? " mit offener Zahlung" : ""}, neueste zuerst`}
      />
      {error ? <AdminErrorNotice {...error} /> : null}
      <nav aria-label="Filter" className="mb-4 flex flex-wrap items-center gap-2">
        <Link
          to={listHref("/admin/orders", { q: list.q })}
          aria-current={open ? undefined : "page"}
          className={buttonClass(open ? "outline" : "default", "sm")}
        >
          Alle Bestellungen
        </Link>
        <Link
          to={listHref("/admin/orders", { q: list.q }, { filter: "open" })}
          aria-current={open ? "page" : undefined}
          className={buttonClass(open ? "default" : "outline", "sm")}
        >
          Offene Zahlungen
        </Link>
        {list.openSum !== null ? (
          <p className="ml-2 font-semibold" data-testid="open-sum">
            Summe offener Zahlungen: {formatPrice(list.openSum)}
          </p>
        ) : null}
      </nav>
      <AdminList
        searchLabel="Nach Name oder E-Mail suchen"
        q={list.q}
        page={list.page}
        totalPages={totalPages(list.total)}
        count={list.rows.length}
        hrefFor={(page) => listHref("/admin/orders", { q: list.q, page }, { filter })}
        keep={{ filter }}
      >
        <AdminTable
          caption="Bestellungen"
          head={["Bestellung", "Kunde", "E-Mail", "Betrag", "Status", "Datum", "Aktionen"]}
        >
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <Link
                  to={listHref("/admin/orders", { q: list.q, page: list.page }, { order: row.id, filter })}
                  aria-label={`${shortId(row.id)} Details anzeigen`}
                  className="font-mono underline"
                >
                  {shortId(row.id)}
                </Link>
              </td>
              <td className={cellClass}>{row.customer_name}</td>
              <td className={`${cellClass} break-words`}>{row.customer_email}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(row.total_amount)}</td>
              <td className={cellClass}>
                <Badge variant={orderStatusVariant(row.status)} data-testid="order-status">
                  {orderStatusLabel(row.status)}
                </Badge>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.created_at)}</td>
              <td className={cellClass}>
                <details className="group">
                  <summary
                    aria-label={`Aktionen für Bestellung ${shortId(row.id)}`}
                    className={buttonClass(
                      "ghost",
                      "sm",
                      "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                    )}
                  >
                    Aktionen
                  </summary>
                  <div className="mt-1 flex flex-col gap-1">
                    <StatusForm
                      id={row.id}
                      status="completed"
                      label={PAYMENT_RECEIVED}
                      returnTo={here}
                      disabled={row.status === "completed"}
                      variant="ghost"
                    />
                    {/* Asks first: a GET to ?cancel=<id> opens the confirmation (also without JS). */}
                    <Form method="get" preventScrollReset>
                      {list.q ? <input type="hidden" name="q" value={list.q} /> : null}
                      {list.page > 1 ? <input type="hidden" name="page" value={list.page} /> : null}
                      <input type="hidden" name="cancel" value={row.id} />
                      <Button type="submit" variant="ghost" size="sm" disabled={row.status === "cancelled"}>
                        Stornieren
                      </Button>
                    </Form>
                  </div>
                </details>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
      {toCancel ? <ConfirmCancel row={toCancel} closeHref={here} /> : null}
    </>
  );
}

type Detail = NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>;

function OrderDetail({ detail, backHref, selfHref }: { detail: Detail; backHref: string; selfHref: string }) {
  const { order, items, itemsError, withdrawals, invoices, delivery, audit } = detail;
  const address = [order.street, [order.zipcode, order.city].filter(Boolean).join(" "), order.country].filter(Boolean);
  return (
    <>
      <h2 className="text-2xl font-bold">
        Bestellung <span className="font-mono">{shortId(order.id)}</span>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        vom {formatDateTime(order.created_at)} ·{" "}
        <Badge variant={orderStatusVariant(order.status)} data-testid="order-detail-status">
          {orderStatusLabel(order.status)}
        </Badge>
      </p>

      <section aria-labelledby="status-heading" className="mt-6 rounded-lg border border-border p-4">
        <h3 id="status-heading" className="font-semibold">
          Status ändern
        </h3>
        <div className="mt-3 flex flex-wrap gap-2">
          {ORDER_STATUSES.map((status) => (
            <StatusForm
              key={status}
              id={order.id}
              status={status}
              label={status === "completed" ? PAYMENT_RECEIVED : orderStatusLabel(status)}
              returnTo={selfHref}
              disabled={order.status === status}
              variant={order.status === status ? "default" : "outline"}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="customer-heading" className="mt-6">
        <h3 id="customer-heading" className="text-lg font-semibold">
          Kunde
        </h3>
        <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Name</dt>
          <dd>{[order.salutation, order.customer_name].filter(Boolean).join(" ")}</dd>
          <dt className="font-medium">E-Mail</dt>
          <dd className="break-all">{order.customer_email}</dd>
          {order.customer_phone ? (
            <>
              <dt className="font-medium">Telefon</dt>
              <dd>{order.customer_phone}</dd>
            </>
          ) : null}
          {address.length > 0 ? (
            <>
              <dt className="font-medium">Adresse</dt>
              <dd>{address.join(", ")}</dd>
            </>
          ) : null}
          {delivery ? (
            <>
              <dt className="font-medium">Lieferadresse</dt>
              <dd data-testid="admin-delivery-address">{delivery.join(", ")}</dd>
            </>
          ) : null}
          {order.notes ? (
            <>
              <dt className="font-medium">Anmerkungen</dt>
              <dd className="whitespace-pre-wrap">{order.notes}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="items-heading" className="mt-6">
        <h3 id="items-heading" className="text-lg font-semibold">
          Bestellpositionen
        </h3>
        {itemsError ? <AdminErrorNotice {...itemsError} /> : null}
        {items.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Keine Bestellpositionen.</p>
        ) : (
          <div className="mt-2">
            <AdminTable caption="Bestellpositionen" head={["Artikel", "Art", "Menge", "Einzelpreis", "Summe"]}>
              {items.map((item) => (
                <tr key={item.id}>
                  <td className={cellClass}>{item.item_title}</td>
                  <td className={cellClass}>{orderItemTypeLabel(item.item_type, item.item_title)}</td>
                  <td className={cellClass}>{item.quantity}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(item.price)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(item.price * item.quantity)}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
        {order.shipping_fee > 0 ? <p className="mt-3 text-right">Versand: {formatPrice(order.shipping_fee)}</p> : null}
        <p className="mt-3 text-right font-semibold">Gesamt: {formatPrice(order.total_amount)}</p>
      </section>

      <section aria-labelledby="invoices-heading" className="mt-6">
        <h3 id="invoices-heading" className="text-lg font-semibold">
          Rechnungen
        </h3>
        {invoices.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Noch keine Rechnung (sie entsteht mit dem Zahlungseingang).
          </p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={`/rechnungen/${invoice.id}`} className="underline" download={`${invoice.number}.pdf`}>
                  {invoice.kind === "cancellation" ? "Stornorechnung" : "Rechnung"} {invoice.number} (PDF)
                </a>{" "}
                vom {formatDateTime(invoice.issued_at)}, {formatPrice(invoice.total_amount)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="withdrawals-heading" className="mt-6">
        <h3 id="withdrawals-heading" className="text-lg font-semibold">
          Widerrufe
        </h3>
        {withdrawals.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Kein Widerruf zu dieser Bestellung.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {withdrawals.map((w) => (
              <li key={w.id} className="rounded-lg border border-warning/50 bg-warning-soft p-3 text-sm">
                <p className="font-semibold">Widerruf eingegangen am {formatDateTime(w.created_at)}</p>
                <p>
                  {w.name} ({w.email}), Bestellnummer {orderNumber(w.order_reference)}
                </p>
                {w.note ? <p className="mt-1 whitespace-pre-wrap">{w.note}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <AuditList entries={audit} headingLevel="h3" />

      <Link to={backHref} className={buttonClass("outline", "default", "mt-8")}>
        Zurück zur Liste
      </Link>
    </>
  );
}

export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "list") return <OrderList list={data.list} open={data.open} error={data.error} />;
  const backHref = listHref("/admin/orders", data.params);
  return (
    <>
      <h1 className="text-3xl font-bold">Bestellungen</h1>
      <div className="mt-6">
        {data.error ? <AdminErrorNotice {...data.error} /> : null}
        {data.detail ? (
          <OrderDetail
            detail={data.detail}
            backHref={backHref}
            selfHref={listHref("/admin/orders", data.params, { order: data.detail.order.id })}
          />
        ) : (
          <>
            {data.error ? null : <p className="text-muted-foreground">Die Bestellung wurde nicht gefunden.</p>}
            <Link to={backHref} className={buttonClass("outline", "default", "mt-6")}>
              Zurück zur Liste
            </Link>
          </>
        )}
      </div>
    </>
  );
}
