import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { fieldProps, useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";
import { redeemVoucherSchema } from "~/lib/schemas/voucher";

export type AppliedVoucher =
  { ok: true; code: string; discount: number } | { ok: false; code: string; error: string } | null;

/**
 * "Gutscheincode einlösen" (cart and checkout): the server answers a code that does not apply with
 * the German reason next to the field. A code kept in the cart that no longer applies (the cart
 * changed, it ran out) says why, with "Gutschein entfernen".
 *
 * In the cart it is a plain form posting to the page. At the checkout (`inOrderForm`) it stands
 * inside the order form, its buttons `formnovalidate`: a code sent without JavaScript carries what
 * was typed into the address fields along, and the page comes back with it (`notice` says what
 * happened there; the cart uses a toast).
 */
export function VoucherForm({
  page,
  applied,
  answer,
  inOrderForm = false,
  notice,
}: {
  page: string;
  applied: AppliedVoucher;
  answer: SubmissionResult<string[]> | undefined;
  inOrderForm?: boolean;
  notice?: string | null;
}) {
  const [form, fields] = useShopForm({
    id: "voucher",
    schema: redeemVoucherSchema,
    lastResult: answer,
    shouldValidate: "onSubmit",
  });
  // Redeeming or removing a code replaces the pressed button: the section's heading takes focus.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(applied ? `${applied.ok}:${applied.code}` : "none");
  // In the order form, the address fields' own checks must not stop a voucher's submission.
  const noValidate = inOrderForm ? { formNoValidate: true } : null;
  const remove = (
    <Button type="submit" variant="outline" name="intent" value="voucher-remove" {...noValidate}>
      Gutschein entfernen
    </Button>
  );
  const codeField = (
    <>
      <Field
        label="Gutscheincode"
        {...fieldProps(fields.code, { type: "text" })}
        // The order form's field, not the voucher form's (which does not exist there), and no part
        // of the order the form asks for: no asterisk, no browser check before ordering.
        {...(inOrderForm ? { form: undefined, required: false } : null)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="sm:flex-1"
      />
      <Button type="submit" className="sm:mt-7" name="intent" value="voucher-apply" {...noValidate}>
        Gutscheincode einlösen
      </Button>
    </>
  );
  const row = "mt-4 flex flex-col gap-3 sm:flex-row sm:items-start";
  return (
    <section aria-labelledby="voucher-heading" className="mt-8 rounded-xl border border-border p-6">
      <h2 id="voucher-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Gutschein
      </h2>
      {notice ? (
        <p role="status" className="mt-2 text-sm" data-testid="voucher-notice">
          {notice}
        </p>
      ) : null}
      {applied ? (
        <div className="mt-3">
          {applied.ok ? (
            <p data-testid="voucher-applied">
              Gutschein <strong>{applied.code}</strong> eingelöst: {formatPrice(-applied.discount)}
            </p>
          ) : (
            <FormNotice tone="error" message={`Gutschein ${applied.code} gilt nicht`} description={applied.error} />
          )}
          {inOrderForm ? (
            <div className="mt-3">{remove}</div>
          ) : (
            <Form method="post" action={page} className="mt-3">
              {remove}
            </Form>
          )}
        </div>
      ) : null}
      {applied?.ok ? null : inOrderForm ? (
        <div className={row}>{codeField}</div>
      ) : (
        <Form method="post" action={page} {...getFormProps(form)} className={row}>
          {codeField}
        </Form>
      )}
    </section>
  );
}
