import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { fieldProps, useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { MAX_WAITLIST_SEATS, WAITLIST_CONSENT_TEXT, waitlistSchema } from "~/lib/schemas/waitlist";

/**
 * The waitlist of a sold-out event or course (issue 27), in place of the add-to-cart form: a plain
 * POST to the page's own action. Errors come back next to the fields (the rate limit above them)
 * with the values kept; joining
 * redirects back with a toast. No double opt-in: it asks for one service mail, said so below.
 * A signed-in member finds their name and address filled in.
 */
export function WaitlistForm({
  action,
  withSeats,
  prefill,
  lastResult,
}: {
  action: string;
  /** Events: seats for several people; a course is booked once. */
  withSeats: boolean;
  /** A signed-in member's profile name and account address, to start with (both editable). */
  prefill?: { name: string; email: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useShopForm({
    id: "waitlist",
    schema: waitlistSchema,
    lastResult,
    defaultValue: { seats: "1", name: prefill?.name ?? "", email: prefill?.email ?? "" },
  });
  return (
    <section
      id="warteliste"
      aria-labelledby="waitlist-heading"
      className="rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id="waitlist-heading" className="text-xl font-semibold">
        Auf die Warteliste
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Wird ein Platz frei, halten wir ihn bis zu 48 Stunden (höchstens bis zum Beginn) für dich und schicken dir eine
        E-Mail mit dem Link zum Buchen.
      </p>
      {form.errors?.length ? <FormNotice tone="error" message={form.errors[0]!} /> : null}
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="mt-4 space-y-4">
        <HoneypotField />
        <Field label="Name" {...fieldProps(fields.name, { type: "text" })} autoComplete="name" />
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        {withSeats ? (
          <Field
            label="Plätze"
            {...fieldProps(fields.seats, { type: "number" })}
            min={1}
            max={MAX_WAITLIST_SEATS}
            inputMode="numeric"
            className="max-w-32"
          />
        ) : (
          <input type="hidden" name="seats" value="1" />
        )}
        <p className="text-xs text-muted-foreground">
          {WAITLIST_CONSENT_TEXT}{" "}
          <a href="/datenschutz" className="underline underline-offset-2">
            Datenschutzerklärung
          </a>
        </p>
        <Button type="submit" pending={sending} className="w-full sm:w-auto">
          {sending ? "Wird gesendet..." : "Auf die Warteliste setzen"}
        </Button>
      </Form>
    </section>
  );
}
