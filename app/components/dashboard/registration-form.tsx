import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { fieldProps, textareaProps, useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { registrationSchema } from "~/lib/schemas/registration";

/** Spec §5 Event registration: first and last name and e-mail required, phone and notes optional. */
export function RegistrationForm({
  orderItemId,
  action,
  lastResult,
  notice,
}: {
  orderItemId: string;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  notice?: string | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useShopForm({
    id: `register-${orderItemId}`,
    schema: registrationSchema,
    lastResult: lastResult,
    defaultValue: { orderItemId },
  });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("orderItemId") === orderItemId;

  return (
    <div className="mt-4 rounded-lg border border-border bg-muted/40 p-4">
      {notice ? <FormNotice tone="error" message={notice} /> : null}
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        className="mt-2 space-y-4"
        aria-label="Teilnehmer anmelden"
      >
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="orderItemId" value={orderItemId} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Vorname" {...fieldProps(fields.firstName, { type: "text" })} autoComplete="off" />
          <Field label="Nachname" {...fieldProps(fields.lastName, { type: "text" })} autoComplete="off" />
        </div>
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="off" />
        <Field label="Telefon (optional)" {...fieldProps(fields.phone, { type: "tel" })} autoComplete="off" />
        <Field label="Anmerkungen (optional)" {...textareaProps(fields.notes)} rows={3} />
        <Button type="submit" pending={submitting}>
          Teilnehmer anmelden
        </Button>
      </Form>
    </div>
  );
}
