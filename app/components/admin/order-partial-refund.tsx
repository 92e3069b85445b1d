import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { fieldProps, useShopForm } from "~/components/conform";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, useServerAutoFocus } from "~/components/ui/field";
import type { ReturnableLine } from "~/lib/admin/orders";
import { formatPrice } from "~/lib/format";
import { partialRefundSchema } from "~/lib/schemas/payments";

/**
 * "Teilerstattung" of a paid order (issue 28): per line how many come back. The shop writes a
 * Rechnungskorrektur with only those lines and opens their refund (shipping with the last line);
 * of an event line with registered participants, the admin ticks who no longer comes. A plain
 * POST; a refusal (more than bought, more than paid, more participants than seats) comes back with
 * the values kept.
 */
export function OrderPartialRefund({
  orderId,
  lines,
  returnTo,
  lastResult,
}: {
  orderId: string;
  lines: ReturnableLine[];
  returnTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useShopForm({
    id: "partial-refund",
    schema: partialRefundSchema,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { lines: lines.map((line) => ({ item: line.itemId })) },
  });
  const rows = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-3 text-sm">
      <input type="hidden" name="intent" value="partial-refund" />
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="text-muted-foreground">
        Für zurückgegebene Artikel oder einen Widerruf einzelner Positionen: Die Menge eintragen, die erstattet wird. Es
        entsteht eine Rechnungskorrektur; mit der letzten Position wird auch der Versand erstattet.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {lines.map((line, index) => {
          const row = rows[index]?.getFieldset();
          if (!row) return null;
          return (
            <div key={line.itemId}>
              <input type="hidden" name={row.item.name} value={line.itemId} />
              <Field
                label={`Menge zurück: ${line.title}`}
                description={`${line.left} von ${line.bought} erstattbar, je ${formatPrice(line.unitPrice)}${
                  line.discount > 0
                    ? `, abzüglich des Gutscheinanteils (${formatPrice(line.discount)} auf die Position)`
                    : ""
                }`}
                {...fieldProps(row.quantity, { type: "number" })}
                min={0}
                max={line.left}
                disabled={line.left === 0}
                inputMode="numeric"
              />
              {line.participants.length > 0 && line.left > 0 ? (
                <DroppedParticipants
                  line={line}
                  name={row.dropped.name}
                  errorId={row.dropped.errorId}
                  errors={row.dropped.errors}
                  checked={droppedNow(row.dropped.value)}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="outline">
        Teilerstattung anlegen
      </Button>
    </Form>
  );
}

/**
 * The form's own refusal ("Wähle mindestens eine Position …"): announced when it appears, and
 * without JavaScript focused on the page that brings it, as an invalid field would be.
 */
function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const autoFocus = useServerAutoFocus(Boolean(errors?.length));
  if (!errors?.length) return <div id={id} hidden />;
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      {...(autoFocus ? { autoFocus, suppressHydrationWarning: true } : {})}
      className="font-medium text-destructive focus:outline-none"
    >
      {errors[0]}
    </p>
  );
}

/** The ids a round trip sent back as ticked (one id is a string, several an array). */
const droppedNow = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : typeof value === "string"
      ? [value]
      : [];

/** An event line's registered participants: who no longer comes with the seats returned. */
function DroppedParticipants(props: {
  line: ReturnableLine;
  name: string;
  errorId: string;
  errors?: string[];
  checked: string[];
}) {
  const invalid = Boolean(props.errors?.length);
  // Without JavaScript the first box takes focus on the page that brings the refusal.
  const autoFocus = useServerAutoFocus(invalid);
  return (
    <fieldset className="mt-3 space-y-2" aria-describedby={invalid ? props.errorId : undefined}>
      <legend className="font-medium">Nimmt nicht mehr teil ({props.line.title})</legend>
      <p className="text-muted-foreground">Angehakte werden mit den Plätzen von der Teilnehmerliste gestrichen.</p>
      {props.line.participants.map((participant, index) => {
        const id = `${props.name}-${participant.id}`;
        return (
          <div key={participant.id} className="flex items-center gap-3">
            <input
              type="checkbox"
              id={id}
              name={props.name}
              value={participant.id}
              defaultChecked={props.checked.includes(participant.id)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? props.errorId : undefined}
              {...(index === 0 && autoFocus ? { autoFocus, suppressHydrationWarning: true } : {})}
              className="size-6 accent-primary"
            />
            <label htmlFor={id}>{participant.name}</label>
          </div>
        );
      })}
      <FieldErrors id={props.errorId} errors={props.errors} />
    </fieldset>
  );
}
