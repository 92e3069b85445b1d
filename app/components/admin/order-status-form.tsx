import { Form, Link } from "react-router";
import type { AdminOrderRow } from "~/lib/admin/orders";
import type { OrderStatus } from "~/lib/admin/kinds";
import { formatPrice, shortId } from "~/lib/format";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** The label of "completed" as an action: completing an order confirms the bank transfer. */
export const PAYMENT_RECEIVED = "Zahlung eingegangen";

/** One status change as a plain POST (works without JS); the action answers with a toast. */
export function StatusForm({
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

/** The two status actions that ask first, each by its query parameter (?cancel=<id>, ?paid=<id>). */
export type AskedAction = "cancel" | "paid";

/**
 * A status action as a GET to the same page with ?cancel=<id> or ?paid=<id>, which opens its
 * confirmation (also without JavaScript): cancelling issues a Stornorechnung, "Zahlung eingegangen"
 * books the money and sends the invoice, and both mail the customer, so they ask first.
 */
export function AskFirst({
  id,
  here,
  ask,
  label,
  disabled,
  variant = "outline",
}: {
  id: string;
  here: string;
  ask: AskedAction;
  label: string;
  disabled?: boolean;
  variant?: "outline" | "default" | "ghost";
}) {
  const params = new URL(here, "http://localhost").searchParams;
  return (
    <Form method="get" preventScrollReset>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={ask} value={id} />
      <Button type="submit" variant={variant} size="sm" disabled={disabled}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * What cancelling takes back: the order's total, or, after Rechnungskorrekturen, what is left of it
 * (the Stornorechnung cancels only that).
 */
export function cancelDescription(row: Pick<AdminOrderRow, "id" | "customer_name" | "total_amount" | "corrected">) {
  const order = `Die Bestellung ${shortId(row.id)} von ${row.customer_name} über ${formatPrice(row.total_amount)} wird storniert.`;
  if (row.corrected <= 0) return order;
  const left = Math.round((row.total_amount - row.corrected) * 100) / 100;
  return `${order} Rechnungskorrekturen haben davon schon ${formatPrice(row.corrected)} gutgeschrieben; die Stornorechnung hebt die übrigen ${formatPrice(left)} auf.`;
}

/** Cancelling asks first: the list and the detail open this dialog at ?cancel=<id>; closing goes back. */
export function ConfirmCancel({ row, closeHref }: { row: AdminOrderRow; closeHref: string }) {
  return (
    <Dialog
      title="Bestellung stornieren?"
      description={cancelDescription(row)}
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

/**
 * "Zahlung eingegangen" without an amount books what is still open, dated today, and mails the
 * invoice: it asks first at ?paid=<id>. An amount or another day goes through the detail's form.
 */
export function ConfirmPaid({ row, closeHref }: { row: AdminOrderRow; closeHref: string }) {
  return (
    <Dialog
      title="Zahlung als eingegangen buchen?"
      description={`Für die Bestellung ${shortId(row.id)} von ${row.customer_name} über ${formatPrice(row.total_amount)} wird der noch offene Betrag mit dem heutigen Tag als eingegangen gebucht. Die Bestellung gilt dann als bezahlt, und die Rechnung geht per E-Mail an das Kundenkonto.`}
      closeHref={closeHref}
      footer={
        <>
          <Link to={closeHref} replace preventScrollReset className={buttonClass("outline")}>
            Abbrechen
          </Link>
          <StatusForm id={row.id} status="completed" label={PAYMENT_RECEIVED} returnTo={closeHref} variant="default" />
        </>
      }
    />
  );
}
