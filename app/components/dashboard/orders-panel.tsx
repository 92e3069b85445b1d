import type { SubmissionResult } from "@conform-to/react";
import { INVOICE_KIND_LABEL, type InvoiceKind } from "~/lib/invoice";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatDateTime, formatPrice, shortId } from "~/lib/format";
import { REGISTRATION_MESSAGES } from "~/lib/schemas/registration";
import type { MemberOrder, MemberOrderItem } from "~/lib/members";
import { OrderStatusBadge } from "~/components/dashboard/order-status";
import { RegistrationForm } from "~/components/dashboard/registration-form";
import { PanelError } from "~/components/dashboard/panel-error";
import { EInvoiceLinks } from "~/components/e-invoice-links";
import { useRefocusAfterChange } from "~/components/use-refocus";

/** An invoice link on an order card (PDF download, RLS: the member's own). */
export interface OrderInvoiceLink {
  id: string;
  number: string;
  kind: InvoiceKind;
  order_id: string;
}

export type RegistrationAnswer = { orderItemId: string; result: SubmissionResult<string[]>; notice: string | null };

const ORDERS_URL = "/dashboard?tab=orders";
const registerUrl = (itemId: string) => `${ORDERS_URL}&register=${itemId}`;

export function OrdersPanel({
  orders,
  error,
  openItemId,
  answer,
  invoices = [],
}: {
  orders: MemberOrder[];
  error: string | null;
  openItemId: string | null;
  answer: RegistrationAnswer | null;
  invoices?: OrderInvoiceLink[];
}) {
  if (error) return <PanelError message={error} />;
  if (orders.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border p-10 text-center">
        <h2 className="text-xl font-semibold">Noch keine Bestellungen</h2>
        <p className="mt-2 text-muted-foreground">Sobald du etwas bestellst, findest du es hier.</p>
        <Link to="/offers" className={buttonClass("default", "default", "mt-6")}>
          Angebote entdecken
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-6" aria-label="Meine Bestellungen">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard
            order={order}
            openItemId={openItemId}
            answer={answer}
            invoices={invoices.filter((invoice) => invoice.order_id === order.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({
  order,
  openItemId,
  answer,
  invoices,
}: {
  order: MemberOrder;
  openItemId: string | null;
  answer: RegistrationAnswer | null;
  invoices: OrderInvoiceLink[];
}) {
  const headingId = `order-${order.id}`;
  return (
    <Card aria-labelledby={headingId} role="region" data-testid="order">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Bestellung <span className="font-mono">{shortId(order.id)}</span>
          </h2>
          <p className="text-sm text-muted-foreground">{formatDateTime(order.createdAt)}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border border-y border-border">
          {order.items.map((item) => (
            <li key={item.id} className="py-3">
              <OrderItemRow
                item={item}
                cancelled={order.status === "cancelled"}
                open={openItemId === item.id}
                answer={answer?.orderItemId === item.id ? answer : null}
              />
            </li>
          ))}
        </ul>
        {order.discount > 0 ? (
          <p className="mt-3 flex justify-between">
            <span>Gutschein {order.voucherCode}</span>
            <span data-testid="order-discount">{formatPrice(-order.discount)}</span>
          </p>
        ) : null}
        {order.shippingFee > 0 ? (
          <p className="mt-3 flex justify-between">
            <span>Versand</span>
            <span data-testid="order-shipping">{formatPrice(order.shippingFee)}</span>
          </p>
        ) : null}
        <p className="mt-3 flex justify-between font-semibold">
          <span>Gesamt</span>
          <span data-testid="order-total">{formatPrice(order.total)}</span>
        </p>
        {/* The order's own page: its summary, and while it waits for the transfer the bank data and GiroCode. */}
        <p className="mt-3 text-sm">
          <Link
            to={`/order-confirmation/${order.id}`}
            aria-describedby={headingId}
            className="underline"
            data-testid="order-page-link"
          >
            {order.status === "pending" ? "Zahlungsinformationen und Bestellung ansehen" : "Bestellung ansehen"}
          </Link>
        </p>
        {invoices.length > 0 ? (
          <ul className="mt-3 space-y-1 text-sm" aria-label="Rechnungen">
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={`/rechnungen/${invoice.id}`} download={`${invoice.number}.pdf`} className="underline">
                  {INVOICE_KIND_LABEL[invoice.kind]} {invoice.number} herunterladen (PDF)
                </a>{" "}
                <EInvoiceLinks invoice={invoice} />
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function OrderItemRow({
  item,
  cancelled,
  open,
  answer,
}: {
  item: MemberOrderItem;
  /** A cancelled order holds no seats: nobody is registered for it (register_participant refuses). */
  cancelled: boolean;
  open: boolean;
  answer: RegistrationAnswer | null;
}) {
  const isEvent = item.type === "event";
  // Seats a correction took back (a partial refund) are no longer the buyer's to fill.
  const seats = item.quantity - item.returned;
  const full = item.participants.length >= seats;
  const formId = `registration-${item.id}`;
  // A registration sent (the form's button still has focus, or the form closed with the last
  // seat): the count's heading takes focus, so the keyboard goes on from the new count.
  const countHeading = useRefocusAfterChange<HTMLHeadingElement>(String(item.participants.length));
  return (
    <div>
      <div className="flex flex-wrap justify-between gap-2">
        <span>
          {item.quantity} × {item.title}
          <span className="text-sm text-muted-foreground"> ({formatPrice(item.price)} pro Stück)</span>
        </span>
        <span className="whitespace-nowrap">{formatPrice(item.price * item.quantity)}</span>
      </div>
      {isEvent ? (
        <div className="mt-2">
          <h3 ref={countHeading} tabIndex={-1} className="text-sm font-medium focus:outline-none">
            Teilnehmer ({item.participants.length} von {seats})
          </h3>
          {item.returned > 0 ? (
            <p className="text-sm text-muted-foreground">
              {item.returned === 1 ? "1 Platz wurde" : `${item.returned} Plätze wurden`} storniert.
            </p>
          ) : null}
          {item.participants.length > 0 ? (
            <ul className="mt-1 space-y-1 text-sm" aria-label={`Teilnehmer für ${item.title}`}>
              {item.participants.map((p) => (
                <li key={p.id}>
                  {p.first_name} {p.last_name} · {p.email}
                  {p.phone ? ` · ${p.phone}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {cancelled ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Die Bestellung ist storniert: Teilnehmer können nicht angemeldet werden.
            </p>
          ) : item.over ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Die Veranstaltung hat stattgefunden: Teilnehmer können nicht mehr angemeldet werden.
            </p>
          ) : full ? (
            answer?.notice ? (
              <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                {answer.notice}
              </p>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">{REGISTRATION_MESSAGES.limit}</p>
            )
          ) : (
            <>
              <Link
                to={open ? ORDERS_URL : registerUrl(item.id)}
                preventScrollReset
                aria-expanded={open}
                aria-controls={open ? formId : undefined}
                className={buttonClass("outline", "sm", "mt-2")}
              >
                {open ? "Hide Registration Form" : "Register Participant"}
              </Link>
              {open ? (
                <div id={formId}>
                  <RegistrationForm
                    // A new form for the next participant once one is registered (without JavaScript
                    // the page comes anew); a refused one keeps what was typed.
                    key={item.participants.length}
                    orderItemId={item.id}
                    action={registerUrl(item.id)}
                    lastResult={answer?.result}
                    notice={answer?.notice}
                  />
                </div>
              ) : answer?.notice ? (
                <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                  {answer.notice}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
