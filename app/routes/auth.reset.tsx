import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";
import type { Route } from "./+types/auth.reset";
import { usePageForm } from "~/components/conform";
import { FormPage } from "~/components/form-page";
import { NewPasswordFields } from "~/components/password-fields";
import { FormNotice } from "~/components/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { ACCOUNT_MESSAGES, resetPasswordSchema } from "~/lib/schemas/account";
import { authProvider } from "~/server/members/auth.server";
import { AUTH_MESSAGES } from "~/lib/account-messages";
import { AuthError } from "~/server/members/auth-errors";
import { serializeSignInEmail } from "~/server/members/signin-prefill.server";
import { logger } from "~/server/platform/log.server";
import { enforceIpLimit } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Neues Passwort – BeHappy" },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

/** GET only looks at the link (nothing is used up); the POST uses it. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = { token: url.searchParams.get("token") ?? undefined, code: url.searchParams.get("code") ?? undefined };
  const valid = await authProvider()
    .canResetPassword(link)
    .catch(() => false);
  return data({ valid, ...link }, { headers: TOKEN_PAGE_HEADERS });
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
    const { headers, email } = await authProvider().resetPassword(request, { token, code }, password);
    // The sign-in form offers the account's address (the member only just chose the password).
    if (email) headers.append("Set-Cookie", await serializeSignInEmail(email));
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
  const { form, fields, pending } = usePageForm(actionData, { id: "reset-password", schema: resetPasswordSchema });

  if (!valid) {
    return (
      <FormPage title="Neues Passwort">
        <FormNotice tone="error" message={AUTH_MESSAGES.resetLinkInvalid} />
        <Link to="/auth/forgot" className={buttonClass("default", "default", "mt-8")}>
          Neuen Link anfordern
        </Link>
      </FormPage>
    );
  }

  return (
    <FormPage title="Neues Passwort" lead="Danach wirst du auf allen Geräten abgemeldet und meldest dich neu an.">
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {token ? <input type="hidden" name="token" value={token} /> : null}
        {code ? <input type="hidden" name="code" value={code} /> : null}
        <NewPasswordFields fields={fields} answer={actionData} />
        <Button type="submit" className="w-full" pending={pending}>
          Passwort speichern
        </Button>
      </Form>
    </FormPage>
  );
}
