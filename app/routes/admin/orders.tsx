import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/orders";
import { AdminErrorNotice } from "~/components/admin/admin-list";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderList } from "~/components/admin/order-list";
import type { AskedAction } from "~/components/admin/order-status-form";
import { buttonClass } from "~/components/ui/button";
import { orderStatusLabel } from "~/lib/admin/kinds";
import { emptyPage, listHref, readListParams, safeAdminPath } from "~/lib/admin/list-params";
import type { AdminOrderPage } from "~/lib/admin/orders";
import { refusedReturns } from "~/lib/admin/partial-refund";
import { paymentToast } from "~/lib/admin/payment-toast";
import { orderStatusSchema } from "~/lib/schemas/admin";
import { partialRefundSchema, paymentDeadlineSchema, paymentReceivedSchema } from "~/lib/schemas/payments";
import { berlinDay, berlinEndOfDay } from "~/lib/berlin-time";
import { formatDate, formatPrice } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { adminFailure, MalformedAdminRequest, requireAdmin } from "~/server/members/admin-guard.server";
import { withViewer, type Viewer } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import { extendPaymentDeadline, refusedDeadline, refusedMoneyDay } from "~/server/orders/order-payments.server";
import { recordPayment } from "~/server/orders/record-payment.server";
import { returnableLines } from "~/server/orders/invoices.server";
import { refundOrderLines } from "~/server/orders/refunds.server";
import { readSqlError } from "~/server/db/sql-errors.server";
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
  // ?filter=open: pending orders (payments not yet received) and their sum; a detail page keeps it.
  const open = url.searchParams.get("filter") === "open";
  const filter = open ? "open" : undefined;
  if (orderId !== null) {
    try {
      const detail = isUuid(orderId) ? await withViewer(viewer, (tx) => getOrderDetail(tx, orderId)) : null;
      return { view: "detail" as const, params, filter, detail, error: null, today: berlinDay(shopNow()) };
    } catch (error) {
      return {
        view: "detail" as const,
        params,
        filter,
        detail: null,
        error: loadFailed(error),
        today: berlinDay(shopNow()),
      };
    }
  }
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
  const { viewer, user } = await requireAdmin(context);
  const formData = await request.formData();
  const returnTo = safeAdminPath(formData.get("returnTo"), "/admin/orders");
  const failed = (error: unknown) =>
    redirectWithError(
      returnTo,
      adminFailure("Fehler bei der Aktualisierung", error, {}, "Der Status konnte nicht aktualisiert werden."),
    );
  switch (formData.get("intent")) {
    case "payment":
      return paymentReceived(viewer, user, formData, returnTo);
    case "deadline":
      return deadlineExtended(viewer, formData, returnTo);
    case "partial-refund":
      return partialRefund(viewer, formData, returnTo);
  }
  const submission = parseWithZod(formData, { schema: orderStatusSchema });
  if (submission.status !== "success") return failed(new MalformedAdminRequest("invalid order status action"));
  const { id, status } = submission.value;
  let previous: string | null;
  try {
    // "Zahlung eingegangen" from the list's menu records the total as received.
    previous =
      status === "completed"
        ? ((await withViewer(viewer, (tx) => recordPayment(tx, user, id, {})))?.previous ?? null)
        : await changeOrderStatus(viewer, id, status);
    if (previous === null) throw new Error("no row updated");
  } catch (error) {
    // A refusal of the database (a cancelled order with a refund stays cancelled, no seats left) is shown as it is.
    const refusal = readSqlError(error, "admin");
    if (refusal.expected && refusal.text) {
      return redirectWithError(returnTo, { message: "Status nicht geändert", description: refusal.text });
    }
    return failed(error);
  }
  return redirectWithSuccess(returnTo, {
    message: "Status aktualisiert",
    description: `Der Bestellstatus wurde auf „${orderStatusLabel(status)}“ geändert.`,
  });
}

/** "Zahlung eingegangen" with the amount and day: recorded as it came, the order completed once paid in full. */
async function paymentReceived(
  viewer: Viewer,
  admin: { id: string; email: string },
  formData: FormData,
  returnTo: string,
) {
  const submission = parseWithZod(formData, { schema: paymentReceivedSchema });
  if (submission.status !== "success") return data({ payment: submission.reply() }, { status: 400 });
  const { id, amount, bookedOn, note } = submission.value;
  const dayRefused = await withViewer(viewer, (tx) =>
    refusedMoneyDay(tx, id, bookedOn, "Der Tag liegt in der Zukunft."),
  );
  if (dayRefused) {
    return data({ payment: submission.reply({ fieldErrors: { bookedOn: [dayRefused] } }) }, { status: 400 });
  }
  let recorded;
  try {
    recorded = await withViewer(viewer, (tx) => recordPayment(tx, admin, id, { amount, bookedOn, note }));
    if (!recorded) throw new Error("no order");
  } catch (error) {
    return redirectWithError(
      returnTo,
      adminFailure("Zahlung nicht erfasst", error, { id }, "Bitte versuche es erneut."),
    );
  }
  return redirectWithSuccess(returnTo, { message: "Zahlung erfasst", description: paymentToast(recorded) });
}

async function deadlineExtended(viewer: Viewer, formData: FormData, returnTo: string) {
  const submission = parseWithZod(formData, { schema: paymentDeadlineSchema });
  if (submission.status !== "success") return data({ deadline: submission.reply() }, { status: 400 });
  const { id, until } = submission.value;
  const refused = await withViewer(viewer, (tx) => refusedDeadline(tx, id, until));
  if (refused) return data({ deadline: submission.reply({ fieldErrors: { until: [refused] } }) }, { status: 400 });
  // The deadline ends with the chosen day, in Berlin.
  const end = berlinEndOfDay(until);
  const extended = await withViewer(viewer, (tx) => extendPaymentDeadline(tx, id, end));
  if (!extended) {
    return redirectWithError(returnTo, {
      message: "Frist nicht geändert",
      description: "Nur eine ausstehende Bestellung hat eine Zahlungsfrist.",
    });
  }
  return redirectWithSuccess(returnTo, {
    message: "Zahlungsfrist verlängert",
    description: `Die Bestellung wird frühestens nach dem ${formatDate(end.toISOString())} storniert.`,
  });
}

/** "Teilerstattung anlegen": a Rechnungskorrektur of the chosen lines and their refund. */
async function partialRefund(viewer: Viewer, formData: FormData, returnTo: string) {
  const submission = parseWithZod(formData, { schema: partialRefundSchema });
  if (submission.status !== "success") return data({ partialRefund: submission.reply() }, { status: 400 });
  const { id, lines } = submission.value;
  let outcome;
  try {
    // In one transaction: more than is left of a line, or more participants than seats left, is
    // refused at that line's field (the database would refuse it too, but without saying where).
    outcome = await withViewer(viewer, async (tx) => {
      const returnable = await returnableLines(tx, id);
      const overLimit = refusedReturns(lines, returnable);
      if (overLimit) return { overLimit };
      const wanted = lines.map((line) => ({ item: line.item, quantity: line.quantity ?? 0, dropped: line.dropped }));
      return { refund: await refundOrderLines(tx, id, wanted) };
    });
  } catch (error) {
    // A refusal of the database (more than bought, more than paid, not invoiced) is shown as it is.
    const refusal = readSqlError(error, "admin");
    if (refusal.text) {
      return data({ partialRefund: submission.reply({ formErrors: [refusal.text] }) }, { status: refusal.status });
    }
    return redirectWithError(
      returnTo,
      adminFailure("Teilerstattung nicht angelegt", error, { id }, "Bitte versuche es erneut."),
    );
  }
  if (outcome.overLimit)
    return data({ partialRefund: submission.reply({ fieldErrors: outcome.overLimit }) }, { status: 400 });
  const { refund } = outcome;
  return redirectWithSuccess(returnTo, {
    message: "Teilerstattung angelegt",
    description: `Rechnungskorrektur ${refund.correction} über ${formatPrice(refund.amount)}; die Erstattung steht unter „Erstattungen“.${
      refund.droppedNames.length > 0 ? ` Nicht mehr angemeldet: ${refund.droppedNames.join(", ")}.` : ""
    }`,
  });
}

export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  if (data.view === "list") return <OrderList list={data.list} open={data.open} error={data.error} />;
  // Back to the list it came from: its search, page and open-payments filter.
  const backHref = listHref("/admin/orders", data.params, { filter: data.filter });
  return (
    <>
      <h1 className="text-3xl font-bold">Bestellungen</h1>
      <div className="mt-6">
        {data.error ? <AdminErrorNotice {...data.error} /> : null}
        {data.detail ? (
          <OrderDetail
            detail={data.detail}
            backHref={backHref}
            selfHref={listHref("/admin/orders", data.params, { order: data.detail.order.id, filter: data.filter })}
            today={data.today}
            asking={askedAction(searchParams, data.detail.order.id)}
            statusLocked={data.detail.statusLocked}
            answer={answer}
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

/** Which confirmation the detail opens: ?cancel=<id> or ?paid=<id> of this order. */
function askedAction(params: URLSearchParams, id: string): AskedAction | null {
  if (params.get("cancel") === id) return "cancel";
  return params.get("paid") === id ? "paid" : null;
}
