import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/cancellation";
import { fieldProps, textareaProps, usePageForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, useServerAutoFocus } from "~/components/ui/field";
import { isHoneypotFilled } from "~/lib/honeypot";
import { berlinDay } from "~/lib/berlin-time";
import { cancellationSchema, KIND_LABELS, CANCELLATION_KINDS } from "~/lib/schemas/cancellation";
import { withViewer } from "~/server/db/db.server";
import { readSqlError } from "~/server/db/sql-errors.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { shopNow } from "~/server/jobs/clock.server";
import { getAuth } from "~/server/members/auth.server";
import { fileCancellation } from "~/server/members/cancellations.server";
import { getMemberProfile } from "~/server/members/members.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { logger } from "~/server/platform/log.server";

export const meta: Route.MetaFunction = () => [
  { title: "Verträge kündigen – BeHappy" },
  { name: "description", content: "Kündige deine BeHappy-Mitgliedschaft hier, auch ohne Anmeldung." },
];

export const PAST_DATE_MESSAGE = "Das gewünschte Ende darf nicht in der Vergangenheit liegen.";

/** A signed-in member finds name, e-mail and their membership filled in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, viewer } = getAuth(context);
  const today = berlinDay(shopNow());
  if (!user) return data({ signedIn: false, prefill: null, today }, { headers: cacheHeaders("private") });
  const [profile, membership] = await withViewer(
    viewer,
    async (tx) => [await getMemberProfile(tx, user.id), await getMyMembership(tx)] as const,
  );
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(" ");
  const contract = membership?.active && membership.name ? `${membership.name}-Mitgliedschaft` : "";
  return data(
    { signedIn: true, prefill: { name, email: user.email, contract, confirmationEmail: user.email }, today },
    { headers: cacheHeaders("private") },
  );
}

/** Parse → file (stored, applied for a signed-in member, mails queued) → the receipt page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = getAuth(context);
  const schema = cancellationSchema();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (isHoneypotFilled(formData)) return data({ result: submission.reply() }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  if (input.wishedEnd && input.wishedEnd < berlinDay(shopNow())) {
    return data({ result: submission.reply({ fieldErrors: { wishedEnd: [PAST_DATE_MESSAGE] } }) }, { status: 400 });
  }
  const limited = await ipLimitRefusal("declarationPerIp", context);
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, limited.init);
  let filed;
  try {
    filed = await fileCancellation(viewer, input);
  } catch (error) {
    const { text, expected, status } = readSqlError(error, "member");
    if (!expected) logger.error("file_contract_cancellation failed", { error: (error as Error).message });
    const message = text ?? "Die Kündigung konnte nicht gespeichert werden. Bitte versuche es später erneut.";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirectWithSuccess(`/vertrag-kuendigen/eingang/${filed.id}`, { message: "Kündigung eingegangen" });
}

export default function CancellationPage() {
  const { signedIn, prefill, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => cancellationSchema(), []);
  const { form, fields, pending } = usePageForm(actionData, {
    id: "cancellation",
    schema,
    // Ordentlich unless the member chooses otherwise: the usual case, and it keeps the form short.
    defaultValue: { kind: "ordentlich", ...prefill },
  });
  // The first control of the form: it takes the server's autofocus when its kind came back invalid.
  const kindAutoFocus = useServerAutoFocus(Boolean(fields.kind.errors?.length));

  return (
    <section className="mx-auto max-w-2xl px-4 py-6 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">Verträge kündigen</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Kündige deine Mitgliedschaft, auch ohne Anmeldung. Du erhältst sofort eine Bestätigung per E-Mail.
      </p>
      {form.errors?.length ? <FormNotice tone="error" message={form.errors[0]} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <HoneypotField />
        <fieldset aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
          <legend className="text-sm font-medium">
            Art der Kündigung<span aria-hidden="true"> *</span>
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {CANCELLATION_KINDS.map((value, index) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={fields.kind.name}
                  value={value}
                  required
                  defaultChecked={fields.kind.initialValue === value}
                  {...(index === 0 && kindAutoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
                  className="size-4"
                />
                {KIND_LABELS[value]}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
        </fieldset>
        {/* Shown only while "außerordentlich" is chosen, by CSS (app/styles/content.css), so also without JavaScript. */}
        <div className="cancellation-reason">
          <Field
            label="Grund"
            description="Nur bei außerordentlicher Kündigung nötig."
            {...textareaProps(fields.reason)}
            rows={2}
          />
        </div>
        <Field label="Name" {...fieldProps(fields.name, { type: "text" })} autoComplete="name" />
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        <Field
          label={signedIn ? "Vertrag (optional)" : "Bestellnummer (optional)"}
          description={
            signedIn
              ? undefined
              : "Steht in der Bestellbestätigung deiner Mitgliedschaft. Ohne Nummer ordnen wir die Kündigung über Name und E-Mail zu."
          }
          {...fieldProps(fields.contract, { type: "text" })}
        />
        <Field
          label="Gewünschtes Vertragsende (leer: zum nächstmöglichen Zeitpunkt)"
          {...fieldProps(fields.wishedEnd, { type: "date" })}
          min={today}
        />
        <Field
          label="E-Mail für die Bestätigung (leer: wie oben)"
          {...fieldProps(fields.confirmationEmail, { type: "email" })}
          autoComplete="email"
        />
        <Button type="submit" size="lg" pending={pending}>
          jetzt kündigen
        </Button>
      </Form>
    </section>
  );
}
