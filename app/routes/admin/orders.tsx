import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/orders";
import { AdminErrorNotice } from "~/components/admin/admin-list";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderList } from "~/components/admin/order-list";
import { buttonClass } from "~/components/ui/button";
import { orderStatusLabel } from "~/lib/admin/kinds";
import { emptyPage, listHref, readListParams, safeAdminPath } from "~/lib/admin/list-params";
import type { AdminOrderPage } from "~/lib/admin/orders";
import { orderStatusSchema } from "~/lib/schemas/admin";
import { isUuid } from "~/lib/uuid";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { withViewer } from "~/server/db/db.server";
import { changeOrderStatus } from "~/server/orders/order-mails.server";
import { getOrderDetail, listOpenOrdersAdmin, listOrdersAdmin } from "~/server/orders/admin-orders.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Bestellungen – BeHappy Admin" }];

const loadFailed = (error: unknown) =>
  adminFailure("Fehler beim Laden der Bestellungen", error, {}, "Bitte versuche es später erneut.");

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
      return { view: "detail" as const, params, detail: null, error: loadFailed(error) };
    }
  }
  // ?filter=open: pending orders (payments not yet received) and their sum.
  const open = url.searchParams.get("filter") === "open";
  try {
    const list = await withViewer(viewer, (tx): Promise<AdminOrderPage> =>
      open ? listOpenOrdersAdmin(tx, params) : listOrdersAdmin(tx, params).then((page) => ({ ...page, openSum: null })),
    );
    return { view: "list" as const, list, open, error: null };
  } catch (error) {
    const empty: AdminOrderPage = { ...emptyPage(params.q), openSum: null };
    return { view: "list" as const, list: empty, open, error: loadFailed(error) };
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
