import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/auth.forgot";
import { fieldProps, usePageForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { FormPage } from "~/components/form-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ACCOUNT_MESSAGES, forgotPasswordSchema } from "~/lib/schemas/account";
import { authProvider, getAuth } from "~/server/members/auth.server";
import { logger } from "~/server/platform/log.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Passwort vergessen – BeHappy" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  if (getAuth(context).user) throw redirect("/account/password");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const limited = await ipLimitRefusal("passwordResetPerIp", context);
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }), sent: false }, limited.init);
  let headers = new Headers();
  try {
    headers = await authProvider().requestPasswordReset(request, submission.value.email);
  } catch (error) {
    // Same answer as a success: the page never tells whether an address has an account.
    logger.error("password reset request failed", { error: (error as Error).message });
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, { id: "forgot-password", schema: forgotPasswordSchema });
  return (
    <FormPage
      title="Passwort vergessen?"
      lead="Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegen kannst."
    >
      {actionData?.sent ? (
        <FormNotice
          tone="success"
          message={ACCOUNT_MESSAGES.resetRequested}
          description={ACCOUNT_MESSAGES.resetRequestedDescription}
        />
      ) : null}
      {form.errors?.length ? <FormNotice tone="error" message={form.errors[0]!} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" required />
        <Button type="submit" className="w-full" pending={pending}>
          Link anfordern
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="font-medium underline">
          Zurück zum Login
        </Link>
      </p>
    </FormPage>
  );
}
