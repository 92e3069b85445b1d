import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { contactSchema } from "~/lib/schemas/contact";

export const CONTACT_SUCCESS = {
  message: "Nachricht gesendet!",
  description: "Vielen Dank für deine Nachricht. Wir melden uns so schnell wie möglich bei dir.",
} as const;

export const CONTACT_FAILURE = {
  message: "Fehler beim Senden",
  description: "Bitte versuche es später erneut oder schreib uns eine E-Mail.",
} as const;

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The contact form (spec §4, §5): a plain POST to /contact. Errors come back next to the fields
 * with the values kept; success redirects with a toast (the form then starts empty).
 */
export function ContactForm({
  lastResult,
  failed,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  failed?: boolean;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    id: "contact",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="space-y-5">
      {failed ? (
        <FormNotice tone="error" message={CONTACT_FAILURE.message} description={CONTACT_FAILURE.description} />
      ) : null}
      <HoneypotField />
      <Field
        label="Name"
        id={fields.name.id}
        name={fields.name.name}
        errorId={fields.name.errorId}
        errors={fields.name.errors}
        defaultValue={str(fields.name.initialValue)}
        autoComplete="name"
        maxLength={100}
        required
      />
      <Field
        label="E-Mail"
        type="email"
        id={fields.email.id}
        name={fields.email.name}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
        defaultValue={str(fields.email.initialValue)}
        autoComplete="email"
        maxLength={254}
        required
      />
      <Field
        label="Telefon (optional)"
        type="tel"
        id={fields.phone.id}
        name={fields.phone.name}
        errorId={fields.phone.errorId}
        errors={fields.phone.errors}
        defaultValue={str(fields.phone.initialValue)}
        autoComplete="tel"
        maxLength={50}
      />
      <Field
        as="textarea"
        label="Nachricht"
        rows={5}
        id={fields.message.id}
        name={fields.message.name}
        errorId={fields.message.errorId}
        errors={fields.message.errors}
        defaultValue={str(fields.message.initialValue)}
        maxLength={5000}
        required
      />
      <p className="text-sm text-muted-foreground">
        Mit dem Absenden stimmst du zu, dass wir deine Angaben zur Beantwortung deiner Anfrage speichern. Mehr dazu in
        unserer{" "}
        <a href="/datenschutz" className="text-primary underline underline-offset-4">
          Datenschutzerklärung
        </a>
        .
      </p>
      <Button type="submit" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Wird gesendet..." : "Nachricht senden"}
      </Button>
    </Form>
  );
}
