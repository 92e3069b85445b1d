import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { fieldProps, useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";
import { redeemVoucherSchema } from "~/lib/schemas/voucher";

export type AppliedVoucher =
  { ok: true; code: string; discount: number } | { ok: false; code: string; error: string } | null;

/**
 * "Gutscheincode einlösen" (cart and checkout): a plain form posting to the page it is on; the
 * server answers a code that does not apply with the German reason next to the field. A code kept
 * in the cart that no longer applies (the cart changed, it ran out) says why, with "Gutschein
 * entfernen".
 */
export function VoucherForm({
  page,
  applied,
  answer,
}: {
  page: string;
  applied: AppliedVoucher;
  answer: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useShopForm({
    id: "voucher",
    schema: redeemVoucherSchema,
    lastResult: answer,
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="voucher-heading" className="mt-8 rounded-xl border border-border p-6">
      <h2 id="voucher-heading" className="text-xl font-semibold">
        Gutschein
      </h2>
      {applied ? (
        <div className="mt-3">
          {applied.ok ? (
            <p data-testid="voucher-applied">
              Gutschein <strong>{applied.code}</strong> eingelöst: {formatPrice(-applied.discount)}
            </p>
          ) : (
            <FormNotice tone="error" message={`Gutschein ${applied.code} gilt nicht`} description={applied.error} />
          )}
          <Form method="post" action={page} className="mt-3">
            <input type="hidden" name="intent" value="voucher-remove" />
            <Button type="submit" variant="outline">
              Gutschein entfernen
            </Button>
          </Form>
        </div>
      ) : null}
      {applied?.ok ? null : (
        <Form
          method="post"
          action={page}
          {...getFormProps(form)}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="voucher-apply" />
          <Field
            label="Gutscheincode"
            {...fieldProps(fields.code, { type: "text" })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="sm:flex-1"
          />
          <Button type="submit" className="sm:mt-7">
            Gutscheincode einlösen
          </Button>
        </Form>
      )}
    </section>
  );
}
