import type { ReactNode, Ref } from "react";
import { INVOICE_KIND_LABEL, invoiceKindOf } from "~/lib/invoice";
import { Link } from "react-router";
import { ORDER_STATUSES, orderItemTypeLabel, orderStatusLabel, orderStatusVariant } from "~/lib/admin/kinds";
import type { AdminOrderDetail, StatusLock } from "~/lib/admin/orders";
import { formatDateTime, formatPrice, orderNumber, shortId } from "~/lib/format";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { LabelledSection } from "~/components/labelled-section";
import { AdminErrorNotice, AdminTable, cellClass } from "~/components/admin/admin-list";
import { AuditList } from "~/components/admin/audit-list";
import {
  AskFirst,
  ConfirmCancel,
  ConfirmPaid,
  PAYMENT_RECEIVED,
  StatusForm,
  type AskedAction,
} from "~/components/admin/order-status-form";
import { OrderPartialRefund } from "~/components/admin/order-partial-refund";
import { OrderPayments } from "~/components/admin/order-payments";
import { EInvoiceLinks } from "~/components/e-invoice-links";
import type { SubmissionResult } from "@conform-to/react";
import { useRefocusAfterChange } from "~/components/use-refocus";

function DetailSection({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <LabelledSection
      id={id}
      title={title}
      className="mt-6"
      headingClassName="text-lg font-semibold focus:outline-none"
      headingRef={headingRef}
    >
      {children}
    </LabelledSection>
  );
}

/** A line of the customer's data; left out when there is nothing to show. */
function Fact({
  label,
  children,
  className,
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** Why an order has no invoice: it is issued when the payment completes the order. */
export function noInvoiceReason(order: { total_amount: number; status: string }) {
  // place_order completes a 0,00 € order at once; nothing was paid, so nothing is invoiced.
  if (order.total_amount === 0) return "Keine Rechnung: Bei dieser Bestellung ist nichts zu zahlen.";
  if (order.status === "cancelled") return "Keine Rechnung: Die Bestellung wurde vor dem Zahlungseingang storniert.";
  return "Noch keine Rechnung (sie entsteht mit dem Zahlungseingang).";
}

/** One order (?order=<id>): status buttons, customer, items, invoices, withdrawals and the audit trail. */
export function OrderDetail({
  detail,
  backHref,
  selfHref,
  today,
  asking = null,
  statusLocked = null,
  answer,
}: {
  detail: AdminOrderDetail;
  backHref: string;
  selfHref: string;
  /** The shop's today (YYYY-MM-DD), the default day of a payment. */
  today: string;
  /** The status action whose confirmation is open (?cancel=<id> or ?paid=<id>). */
  asking?: AskedAction | null;
  /** The statuses the order can no longer take and why (it has a refund or a correction), or null. */
  statusLocked?: StatusLock | null;
  /** The action's answer to an invalid payment, deadline or partial refund form. */
  answer?: {
    payment?: SubmissionResult<string[]>;
    deadline?: SubmissionResult<string[]>;
    partialRefund?: SubmissionResult<string[]>;
  } | null;
}) {
  const { order, items, itemsError, withdrawals, invoices, delivery, audit, payment } = detail;
  // A partial refund takes its lines' counts down; when nothing is left to return, its section goes
  // and focus waits at the invoices, where the correction it issued appears.
  const returnable = detail.returnable.some((line) => line.left > 0);
  // Keyed by what was returned, not by the lines: the section appearing when the order is paid takes nothing.
  const returned = detail.returnable.reduce((sum, line) => sum + line.bought - line.left, 0);
  const refundTarget = useRefocusAfterChange<HTMLHeadingElement>(String(returned));
  // A recorded payment starts the payment form afresh (its key), so the pressed button is gone.
  const paymentsHeading = useRefocusAfterChange<HTMLHeadingElement>(payment.payments.map((p) => p.id).join(), {
    ownSection: true,
  });
  // The pressed status button turns into the disabled current status: focus waits at the section's heading.
  // A payment that completes the order changes the status too; its own section keeps focus (ownSection).
  const statusHeading = useRefocusAfterChange<HTMLHeadingElement>(order.status, { ownSection: true });
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
        {order.payment_overdue ? (
          <>
            {" "}
            <Badge variant="destructive">Zahlung überfällig</Badge>
          </>
        ) : null}
      </p>

      <LabelledSection
        id="status-heading"
        title="Status ändern"
        className="mt-6 rounded-lg border border-border p-4"
        headingClassName="font-semibold focus:outline-none"
        headingRef={statusHeading}
      >
        <div className="mt-3 flex flex-wrap gap-2">
          {ORDER_STATUSES.map((status) =>
            (status === "cancelled" || status === "completed") && order.status !== status ? (
              <AskFirst
                key={status}
                id={order.id}
                here={selfHref}
                ask={status === "cancelled" ? "cancel" : "paid"}
                label={status === "completed" ? PAYMENT_RECEIVED : orderStatusLabel(status)}
                disabled={Boolean(statusLocked?.refused.includes(status))}
              />
            ) : (
              <StatusForm
                key={status}
                id={order.id}
                status={status}
                label={status === "completed" ? PAYMENT_RECEIVED : orderStatusLabel(status)}
                returnTo={selfHref}
                disabled={order.status === status || Boolean(statusLocked?.refused.includes(status))}
                variant={order.status === status ? "default" : "outline"}
              />
            ),
          )}
        </div>
        {statusLocked ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="order-status-locked">
            {statusLocked.text}
          </p>
        ) : null}
      </LabelledSection>
      {asking === "cancel" && order.status !== "cancelled" ? <ConfirmCancel row={order} closeHref={selfHref} /> : null}
      {asking === "paid" && order.status !== "completed" ? <ConfirmPaid row={order} closeHref={selfHref} /> : null}

      <DetailSection id="customer-heading" title="Kunde">
        <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
          <Fact label="Name">{[order.salutation, order.customer_name].filter(Boolean).join(" ")}</Fact>
          <Fact label="Firma">{order.company}</Fact>
          <Fact label="USt-IdNr.">{order.vat_id}</Fact>
          <Fact label="E-Mail" className="break-all">
            {order.customer_email}
          </Fact>
          <Fact label="Telefon">{order.customer_phone}</Fact>
          <Fact label="Adresse">{address.join(", ")}</Fact>
          <Fact label="Lieferadresse" testId="admin-delivery-address">
            {delivery?.join(", ")}
          </Fact>
          <Fact label="Anmerkungen" className="whitespace-pre-wrap">
            {order.notes}
          </Fact>
        </dl>
      </DetailSection>

      <DetailSection id="items-heading" title="Bestellpositionen">
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
        {order.discount_amount > 0 ? (
          <p className="mt-3 text-right">
            Gutschein {order.voucher_code}: {formatPrice(-order.discount_amount)}
          </p>
        ) : null}
        {order.shipping_fee > 0 ? <p className="mt-3 text-right">Versand: {formatPrice(order.shipping_fee)}</p> : null}
        <p className="mt-3 text-right font-semibold">Gesamt: {formatPrice(order.total_amount)}</p>
      </DetailSection>

      <DetailSection id="payments-heading" title="Zahlung" headingRef={paymentsHeading}>
        <OrderPayments
          orderId={order.id}
          total={order.total_amount}
          status={order.status}
          reopens={!statusLocked && withdrawals.length === 0}
          state={payment}
          today={today}
          returnTo={selfHref}
          paymentResult={answer?.payment}
          deadlineResult={answer?.deadline}
        />
      </DetailSection>

      <DetailSection id="invoices-heading" title="Rechnungen" headingRef={returnable ? undefined : refundTarget}>
        {invoices.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{noInvoiceReason(order)}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={`/rechnungen/${invoice.id}`} className="underline" download={`${invoice.number}.pdf`}>
                  {INVOICE_KIND_LABEL[invoiceKindOf(invoice.kind)]} {invoice.number} (PDF)
                </a>{" "}
                <EInvoiceLinks invoice={invoice} /> vom {formatDateTime(invoice.issued_at)},{" "}
                {formatPrice(invoice.total_amount)}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      {returnable ? (
        <DetailSection id="partial-refund-heading" title="Teilerstattung" headingRef={refundTarget}>
          <OrderPartialRefund
            orderId={order.id}
            lines={detail.returnable}
            returnTo={selfHref}
            lastResult={answer?.partialRefund}
          />
        </DetailSection>
      ) : null}

      <DetailSection id="withdrawals-heading" title="Widerrufe">
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
      </DetailSection>

      <AuditList entries={audit} headingLevel="h3" />

      <Link to={backHref} className={buttonClass("outline", "default", "mt-8")}>
        Zurück zur Liste
      </Link>
    </>
  );
}
