import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { fieldProps, textareaProps, useShopForm } from "~/components/conform";
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

/**
 * The contact form (spec §4, §5): a plain POST to /contact. Errors come back next to the fields
 * with the values kept, a failure or the rate limit as a notice above them; success redirects with
 * a toast (the form then starts empty).
 */
export function ContactForm({
  lastResult,
  notice,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  notice?: { message: string; description: string } | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useShopForm({
    id: "contact",
    schema: contactSchema,
    lastResult: lastResult,
  });

  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="space-y-5">
      {notice ? <FormNotice tone="error" message={notice.message} description={notice.description} /> : null}
      <HoneypotField />
      <Field label="Name" {...fieldProps(fields.name, { type: "text" })} autoComplete="name" />
      <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
      <Field label="Telefon (optional)" {...fieldProps(fields.phone, { type: "tel" })} autoComplete="tel" />
      <Field label="Nachricht" {...textareaProps(fields.message)} rows={5} />
      <p className="text-sm text-muted-foreground">
        Mit dem Absenden stimmst du zu, dass wir deine Angaben zur Beantwortung deiner Anfrage speichern. Mehr dazu in
        unserer{" "}
        <a href="/datenschutz" className="text-primary underline underline-offset-4">
          Datenschutzerklärung
        </a>
        .
      </p>
      <Button type="submit" pending={sending} className="w-full sm:w-auto">
        {sending ? "Wird gesendet..." : "Nachricht senden"}
      </Button>
    </Form>
  );
}
