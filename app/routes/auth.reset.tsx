import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/auth.reset";
import { fieldProps } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ACCOUNT_MESSAGES, resetPasswordSchema } from "~/lib/schemas/account";
import { authProvider } from "~/server/auth/auth.server";
import { AUTH_MESSAGES, AuthError } from "~/server/auth/errors";
import { logger } from "~/server/log.server";
import { enforceIpLimit } from "~/server/rate-limit.server";
import { redirectWithSuccess } from "~/server/toast.server";
import { cacheHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Neues Passwort – BeHappy" },
  { name: "robots", content: "noindex" },
  // The link's token is in the URL: never send it to another site as a referrer ("no-referrer" would
  // also blank the Origin header of our own form POST, which React Router's CSRF check refuses).
  { name: "referrer", content: "same-origin" },
];

const HEADERS = cacheHeaders("private", { "Referrer-Policy": "same-origin" });

/** GET only looks at the link (nothing is used up); the POST uses it. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = { token: url.searchParams.get("token") ?? undefined, code: url.searchParams.get("code") ?? undefined };
  const valid = await authProvider()
    .canResetPassword(link)
    .catch(() => false);
  return data({ valid, ...link }, { headers: HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  await enforceIpLimit("passwordResetPerIp", context);
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "passwordConfirm"] }), notice: null },
      { status: 400 },
    );
  }
  const { token, code, password } = submission.value;
  try {
    const headers = await authProvider().resetPassword(request, { token, code }, password);
    return redirectWithSuccess(
      "/auth",
      { message: ACCOUNT_MESSAGES.resetDone, description: ACCOUNT_MESSAGES.resetDoneDescription },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof AuthError)) logger.error("password reset failed", { error: (error as Error).message });
    const notice = error instanceof AuthError ? error.message : AUTH_MESSAGES.resetLinkInvalid;
    return data(
      { result: submission.reply({ hideFields: ["password", "passwordConfirm"], formErrors: [notice] }), notice },
      { status: 400 },
    );
  }
}

export default function ResetPasswordPage() {
  const { valid, token, code } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  if (!valid) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-bold">Neues Passwort</h1>
        <FormNotice tone="error" message={AUTH_MESSAGES.resetLinkInvalid} />
        <Link to="/auth/forgot" className={buttonClass("default", "default", "mt-8")}>
          Neuen Link anfordern
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">Neues Passwort</h1>
      <p className="mt-2 text-muted-foreground">
        Danach wirst du auf allen Geräten abgemeldet und meldest dich neu an.
      </p>
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {token ? <input type="hidden" name="token" value={token} /> : null}
        {code ? <input type="hidden" name="code" value={code} /> : null}
        <Field
          label="Neues Passwort"
          {...fieldProps(fields.password, { type: "password" })}
          autoComplete="new-password"
          description="Mindestens 8 Zeichen."
          required
        />
        <Field
          label="Neues Passwort wiederholen"
          {...fieldProps(fields.passwordConfirm, { type: "password" })}
          autoComplete="new-password"
          required
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Passwort speichern
        </Button>
      </Form>
    </section>
  );
}
