import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account.email";
import { fieldProps, usePageForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { AccountFormActions, FormPage } from "~/components/form-page";
import { CurrentPasswordField } from "~/components/password-fields";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "~/lib/format";
import { ACCOUNT_MESSAGES, changeEmailSchema } from "~/lib/schemas/account";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { countFailedSignIn, limitRefusal, RATE_LIMIT_MESSAGE } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { authProvider, requireUser } from "~/server/members/auth.server";
import { logger } from "~/server/platform/log.server";

export const meta: Route.MetaFunction = () => [
  { title: "E-Mail-Adresse ändern – BeHappy" },
  { name: "robots", content: "noindex" },
];

const HIDE = { hideFields: ["currentPassword"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  const waiting = await authProvider()
    .pendingEmailChange(request, user)
    .catch((error: Error) => {
      logger.error("pending e-mail change unreadable", { error: error.message });
      return null;
    });
  return data({ email: user.email, waiting }, { headers: cacheHeaders("private") });
}

/** Checks the password, then mails the link to the new address; the address changes when it is used. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireUser(context);
  const submission = parseWithZod(await request.formData(), { schema: changeEmailSchema(user.email) });
  if (submission.status !== "success") return data({ result: submission.reply(HIDE), notice: null }, { status: 400 });
  const { email, currentPassword } = submission.value;
  // Guessing the current password counts like failed sign-ins for this address.
  const limitKey = user.email.toLowerCase();
  const lockedOut = await limitRefusal("signInFailuresPerEmail", limitKey);
  if (lockedOut) return data({ result: submission.reply(HIDE), notice: lockedOut.message }, lockedOut.init);
  const provider = authProvider();
  try {
    if (!(await provider.verifyPassword(request, user, currentPassword))) {
      await countFailedSignIn(limitKey);
      const fieldErrors = { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] };
      return data({ result: submission.reply({ ...HIDE, fieldErrors }), notice: null }, { status: 400 });
    }
    const sent = await provider.requestEmailChange(request, user, email);
    if (sent === "limited") {
      return data({ result: submission.reply(HIDE), notice: RATE_LIMIT_MESSAGE }, { status: 429 });
    }
  } catch (error) {
    logger.error("e-mail change request failed", { error: (error as Error).message });
    return data({ result: submission.reply(HIDE), notice: ACCOUNT_MESSAGES.emailChangeFailed }, { status: 500 });
  }
  return redirectWithSuccess("/dashboard?tab=profile", {
    message: ACCOUNT_MESSAGES.emailChangeSent,
    description: ACCOUNT_MESSAGES.emailChangeSentDescription,
  });
}

export default function ChangeEmailPage() {
  const { email, waiting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => changeEmailSchema(email), [email]);
  const { form, fields, pending } = usePageForm(actionData, { id: "change-email", schema });
  return (
    <FormPage
      title="E-Mail-Adresse ändern"
      lead={
        <>
          Du meldest dich zurzeit mit <strong className="break-words font-medium text-foreground">{email}</strong> an.
          Die neue Adresse gilt, sobald du den Link bestätigst, den wir an sie schicken.
        </>
      }
    >
      {waiting ? (
        <FormNotice
          tone="info"
          message={`Ein Bestätigungslink an ${waiting.email} ist unterwegs${waiting.until ? ` (gültig bis ${formatDateTime(waiting.until)} Uhr)` : ""}.`}
          description="Erst wenn du ihn öffnest, gilt die neue Adresse. Gibst du hier eine andere an, gilt nur der neue Link."
        />
      ) : null}
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <Field
          label="Neue E-Mail-Adresse"
          {...fieldProps(fields.email, { type: "email" })}
          autoComplete="email"
          spellCheck={false}
        />
        <CurrentPasswordField fields={fields} label="Aktuelles Passwort" answer={actionData} />
        <AccountFormActions label="Bestätigungslink senden" pending={pending} />
      </Form>
    </FormPage>
  );
}
