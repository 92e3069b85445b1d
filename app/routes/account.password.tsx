import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/account.password";
import { usePageForm } from "~/components/conform";
import { AccountFormActions, FormPage } from "~/components/form-page";
import { CurrentPasswordField, NewPasswordFields } from "~/components/password-fields";
import { FormNotice } from "~/components/form-notice";
import { Button } from "~/components/ui/button";
import { ACCOUNT_MESSAGES, changePasswordSchema } from "~/lib/schemas/account";
import { authProvider, requireUser } from "~/server/members/auth.server";
import { AuthError } from "~/server/members/auth-errors";
import { logger } from "~/server/platform/log.server";
import { countFailedSignIn, limitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Passwort ändern – BeHappy" },
  { name: "robots", content: "noindex" },
];

const HIDE = { hideFields: ["currentPassword", "password", "passwordConfirm"] };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return data(null, { headers: cacheHeaders("private") });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireUser(context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(HIDE), notice: null }, { status: 400 });

  // Guessing the current password counts like failed sign-ins for this address.
  const limitKey = user.email.toLowerCase();
  const lockedOut = await limitRefusal("signInFailuresPerEmail", limitKey);
  if (lockedOut) return data({ result: submission.reply(HIDE), notice: lockedOut.message }, lockedOut.init);
  try {
    const headers = await authProvider().changePassword(
      request,
      user,
      submission.value.currentPassword,
      submission.value.password,
    );
    return redirectWithSuccess(
      "/dashboard?tab=profile",
      { message: ACCOUNT_MESSAGES.passwordChanged, description: ACCOUNT_MESSAGES.passwordChangedDescription },
      { headers },
    );
  } catch (error) {
    if (error instanceof AuthError && error.code === "invalid_credentials") {
      await countFailedSignIn(limitKey);
      return data(
        {
          // Said once, at the field it concerns (not again as a form notice).
          result: submission.reply({ ...HIDE, fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] } }),
          notice: null,
        },
        { status: 400 },
      );
    }
    if (!(error instanceof AuthError)) logger.error("password change failed", { error: (error as Error).message });
    const notice =
      error instanceof AuthError
        ? error.message
        : "Das Passwort konnte nicht geändert werden. Bitte versuche es später erneut.";
    return data({ result: submission.reply(HIDE), notice }, { status: error instanceof AuthError ? 400 : 500 });
  }
}

export default function ChangePasswordPage() {
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, { id: "change-password", schema: changePasswordSchema });
  return (
    <FormPage title="Passwort ändern" lead="Danach bist du auf allen anderen Geräten abgemeldet.">
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <CurrentPasswordField fields={fields} label="Aktuelles Passwort" answer={actionData} />
        <NewPasswordFields fields={fields} answer={actionData} />
        <AccountFormActions label="Passwort ändern" pending={pending} />
      </Form>
      <section aria-labelledby="sessions-heading" className="mt-12 border-t border-border pt-8">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Überall abmelden
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Hast du dich auf einem fremden Gerät angemeldet? Das beendet alle Sitzungen, auch diese.
        </p>
        <Form method="post" action="/logout" className="mt-4">
          <Button type="submit" variant="outline">
            Überall abmelden
          </Button>
        </Form>
      </section>
    </FormPage>
  );
}
