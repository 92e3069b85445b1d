import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { fieldProps, useShopForm } from "~/components/conform";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PAYMENT_RECEIVED } from "~/components/admin/order-status-form";
import type { OrderPaymentState } from "~/lib/admin/orders";
import { formatDate, formatPrice } from "~/lib/format";
import { paymentDeadlineSchema, paymentReceivedSchema } from "~/lib/schemas/payments";

/** "1.234,50" for an amount field: what an admin types in a German form. */
const amountValue = (amount: number) => amount.toFixed(2).replace(".", ",");

/** Paid as ordered, short, or too much: the payments against the total (a cancelled order owes nothing). */
function balanceText(received: number, total: number, status: string) {
  const difference = Math.round((received - total) * 100) / 100;
  if (received === 0) return null;
  if (status === "cancelled") return `Storniert: Die eingegangenen ${formatPrice(received)} gehen zurück.`;
  if (difference === 0) return "Vollständig bezahlt.";
  return difference < 0
    ? `Unterzahlung: Es fehlen ${formatPrice(-difference)}.`
    : `Überzahlung: ${formatPrice(difference)} zu viel.`;
}

/**
 * The money of one order (issue 28): each payment received as its own row, the balance against the
 * total, and for a pending order the deadline (extendable) and "Zahlung eingegangen" with the
 * amount and day received; for a cancelled one too, as money can come in after a cancellation.
 * Plain POSTs; errors come back next to the fields with the values kept.
 */
export function OrderPayments({
  orderId,
  total,
  status,
  reopens,
  state,
  today,
  returnTo,
  paymentResult,
  deadlineResult,
}: {
  orderId: string;
  total: number;
  status: string;
  /** For a cancelled order: whether a full payment may reopen it (no status lock). */
  reopens: boolean;
  state: OrderPaymentState;
  /** The shop's today (YYYY-MM-DD, Berlin): the default day of a payment. */
  today: string;
  returnTo: string;
  paymentResult?: SubmissionResult<string[]> | null;
  deadlineResult?: SubmissionResult<string[]> | null;
}) {
  const balance = balanceText(state.received, total, status);
  return (
    <div className="mt-2 space-y-4 text-sm">
      {state.deadline ? (
        <p data-testid="payment-deadline">
          {state.overdue ? <strong className="text-destructive">Zahlung überfällig. </strong> : null}
          Zahlungsfrist bis {formatDate(state.deadline)}
          {state.remindedAt ? `; Zahlungserinnerung gesendet am ${formatDate(state.remindedAt)}` : ""}. Danach storniert
          der Shop die Bestellung.
        </p>
      ) : status === "pending" ? (
        <p data-testid="payment-deadline">
          Es ist schon Geld eingegangen: Der Shop erinnert nicht und storniert diese Bestellung nicht von selbst.
        </p>
      ) : null}
      {state.payments.length === 0 ? (
        <p className="text-muted-foreground">Noch keine Zahlung erfasst.</p>
      ) : (
        <ul className="space-y-1" data-testid="payments">
          {state.payments.map((p) => (
            <li key={p.id}>
              {formatDate(p.bookedOn)}: {p.kind === "payment" ? "Zahlung eingegangen" : "Erstattung ausgeführt"}{" "}
              {formatPrice(p.amount)}
              {p.by ? `, erfasst von ${p.by}` : ""}
              {p.note ? ` – ${p.note}` : ""}
            </li>
          ))}
        </ul>
      )}
      {balance ? (
        <p className="font-semibold" data-testid="payment-balance">
          {balance}
        </p>
      ) : null}
      {status === "cancelled" ? (
        <p data-testid="payment-after-cancellation">
          {reopens
            ? "Die Bestellung ist storniert. Geht ihr Betrag doch noch ein, erfasse ihn hier: Vollständig bezahlt wird sie abgeschlossen, wenn nichts dagegen spricht (etwa ausgebuchte Plätze); sonst, und bei einem Teilbetrag, wird das Geld erstattet."
            : "Die Bestellung bleibt storniert. Geht trotzdem Geld für sie ein, erfasse es hier: Es wird erstattet."}
        </p>
      ) : null}
      {status === "pending" || status === "cancelled" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PaymentForm
            // A new payment or status starts the form afresh, with the new rest (JS keeps the typed value otherwise).
            key={`${status}:${state.payments.length}`}
            orderId={orderId}
            // A cancelled order owes nothing: the amount is what came in, typed, never proposed.
            open={status === "cancelled" ? null : openAmount(state.received, total)}
            today={today}
            returnTo={returnTo}
            lastResult={paymentResult}
          />
          {state.deadline ? <DeadlineForm orderId={orderId} returnTo={returnTo} lastResult={deadlineResult} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** What is still to pay: the rest after a part payment, else the whole total. */
const openAmount = (received: number, total: number) => {
  const rest = Math.round((total - received) * 100) / 100;
  return rest > 0 ? rest : total;
};

function PaymentForm(props: {
  orderId: string;
  /** The amount the form starts with: what is still open (null: none proposed). */
  open: number | null;
  today: string;
  returnTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useShopForm({
    id: "payment",
    schema: paymentReceivedSchema,
    lastResult: props.lastResult,
    defaultValue: { amount: props.open === null ? "" : amountValue(props.open), bookedOn: props.today },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-border p-4">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="id" value={props.orderId} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <Field label="Eingegangener Betrag (€)" {...fieldProps(fields.amount, { type: "text" })} inputMode="decimal" />
      <Field label="Eingegangen am" {...fieldProps(fields.bookedOn, { type: "date" })} />
      <Field label="Notiz (optional)" {...fieldProps(fields.note, { type: "text" })} />
      <Button type="submit">{PAYMENT_RECEIVED}</Button>
    </Form>
  );
}

function DeadlineForm(props: { orderId: string; returnTo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useShopForm({ id: "deadline", schema: paymentDeadlineSchema, lastResult: props.lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-border p-4">
      <input type="hidden" name="intent" value="deadline" />
      <input type="hidden" name="id" value={props.orderId} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <Field label="Neue Zahlungsfrist" {...fieldProps(fields.until, { type: "date" })} />
      <Button type="submit" variant="outline">
        Frist verlängern
      </Button>
    </Form>
  );
}
