import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldErrors, useServerAutoFocus } from "~/components/ui/field";
import type { MatchAnswer } from "~/lib/admin/match-by-hand";

/**
 * Matching a withdrawal or a cancellation by hand (/admin/withdrawals, /admin/kuendigungen): one
 * field and "Zuordnen". A refused value comes back typed, marked and explained; a match to another
 * address than the declaration's asks "Trotzdem zuordnen" first. Plain POSTs, also without JS.
 */
export function MatchForm({
  rowId,
  returnTo,
  answer,
  field,
}: {
  rowId: string;
  returnTo: string;
  answer?: MatchAnswer;
  field: {
    name: string;
    label: string;
    placeholder: string;
    maxLength: number;
    type?: "email";
    defaultValue?: string;
    className: string;
  };
}) {
  const inputId = `match-${rowId}`;
  const errorId = `${inputId}-error`;
  const warningId = `${inputId}-warning`;
  const input = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // With JavaScript the page stays: focus goes where the answer asks for a next step.
  useEffect(() => {
    if (answer?.otherAddress) confirm.current?.focus();
    else if (answer?.error) input.current?.focus();
  }, [answer]);
  // Without JavaScript the answer is a new page: the server render puts focus there instead.
  const autoFocus = useServerAutoFocus(Boolean(answer?.error));
  const confirmAutoFocus = useServerAutoFocus(Boolean(answer?.otherAddress));
  return (
    <Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="match" />
      <input type="hidden" name="id" value={rowId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {field.label}
        </label>
        <input
          ref={input}
          id={inputId}
          name={field.name}
          type={field.type}
          required
          maxLength={field.maxLength}
          defaultValue={answer?.value ?? field.defaultValue}
          placeholder={field.placeholder}
          aria-invalid={answer?.error ? true : undefined}
          aria-describedby={answer?.error ? errorId : undefined}
          className={field.className}
          {...(autoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
        />
        <Button type="submit" size="sm" variant="outline">
          Zuordnen
        </Button>
      </div>
      <FieldErrors id={errorId} errors={answer?.error ? [answer.error] : null} />
      {answer?.otherAddress ? (
        <div className="space-y-2">
          <p id={warningId} className="text-sm font-medium text-destructive">
            {answer.otherAddress}
          </p>
          <Button
            ref={confirm}
            type="submit"
            size="sm"
            name="confirmed"
            value={answer.value}
            aria-describedby={warningId}
            {...(confirmAutoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
          >
            Trotzdem zuordnen
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
