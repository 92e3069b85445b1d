import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { fieldProps, useShopForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { Button } from "~/components/ui/button";
import { NEW_PASSWORD_HINT, PasswordField } from "~/components/password-fields";
import { Field } from "~/components/ui/field";
import { authFormSchema, authSchema } from "~/lib/schemas/auth";
import { authProvider, getAuth } from "~/server/auth/auth.server";
import { AUTH_MESSAGES, AuthError } from "~/server/auth/errors";
import { logger } from "~/server/log.server";
import { clearRateLimit, enforceIpLimit, hitRateLimit, rateLimitMessage } from "~/server/rate-limit.server";
import { redirectWithSuccess } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${new URLSearchParams(location.search).get("mode") === "signup" ? "Registrieren" : "Anmelden"} – BeHappy` },
  { name: "description", content: "Melde dich bei BeHappy an oder erstelle ein kostenloses Konto." },
  { name: "robots", content: "noindex" },
];

type Mode = "signin" | "signup";

function readParams(url: URL) {
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const toCheckout = url.searchParams.get("redirect") === "checkout";
  return { mode, toCheckout };
}

function authHref(mode: Mode, toCheckout: boolean) {
  const params = new URLSearchParams();
  if (mode === "signup") params.set("mode", "signup");
  if (toCheckout) params.set("redirect", "checkout");
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** A refused sign-in (429) tells clients when to come back (Retry-After), besides the page's text. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export function loader({ request, context }: Route.LoaderArgs) {
  const { mode, toCheckout } = readParams(new URL(request.url));
  if (getAuth(context).user) throw redirect(toCheckout ? "/checkout" : "/dashboard");
  return { mode, toCheckout };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { toCheckout } = readParams(new URL(request.url));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: authSchema });
  const intent = formData.get("intent") === "signup" ? "signup" : "signin";
  await enforceIpLimit(intent === "signup" ? "signUpPerIp" : "signInPerIp", context);

  if (submission.status !== "success") {
    const missing = !formData.get("email") || !formData.get("password");
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        notice: missing ? AUTH_MESSAGES.missingFields : null,
      },
      { status: 400 },
    );
  }

  const input = submission.value;
  try {
    if (input.intent === "signup") {
      await authProvider().signUp(request, input);
      return redirectWithSuccess(authHref("signin", toCheckout), { message: AUTH_MESSAGES.signUpSuccess });
    }
    // The attempt is counted before the password is checked (one atomic upsert), so parallel
    // guesses cannot all slip in before the limit; a success clears the counter again.
    const emailKey = input.email.trim().toLowerCase();
    const attempt = await hitRateLimit("signInFailuresPerEmail", emailKey);
    if (!attempt.allowed) {
      const notice = `${rateLimitMessage(attempt.retryAfter)} ${AUTH_MESSAGES.lockedOutHint}`;
      return data(
        { result: submission.reply({ hideFields: ["password"] }), notice },
        { status: 429, headers: { "Retry-After": String(attempt.retryAfter) } },
      );
    }
    const { headers } = await authProvider().signIn(request, input.email, input.password);
    await clearRateLimit("signInFailuresPerEmail", emailKey);
    return redirect(toCheckout ? "/checkout" : "/dashboard", { headers });
  } catch (error) {
    if (!(error instanceof AuthError)) {
      logger.error("auth failed unexpectedly", { intent: input.intent, error: (error as Error).message });
    }
    const fallback = input.intent === "signup" ? AUTH_MESSAGES.signUpFallback : AUTH_MESSAGES.signInFallback;
    const message = error instanceof AuthError ? error.message : fallback;
    return data(
      { result: submission.reply({ hideFields: ["password"], formErrors: [message] }), notice: message },
      { status: error instanceof AuthError ? 400 : 500 },
    );
  }
}

export default function AuthPage() {
  const { mode, toCheckout } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useShopForm({ id: `auth-${mode}`, schema: authFormSchema, lastResult: actionData?.result });
  const isSignUp = mode === "signup";

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">{isSignUp ? "Sign Up" : "Login"}</h1>
      <p className="mt-2 text-muted-foreground">
        {isSignUp ? "Erstelle dein kostenloses BeHappy-Konto." : "Melde dich mit deiner E-Mail-Adresse an."}
      </p>
      {toCheckout ? <FormNotice tone="info" message={AUTH_MESSAGES.checkoutNotice} /> : null}
      {actionData?.notice ? <FormNotice tone="error" message={actionData.notice} /> : null}

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="intent" value={mode} />
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        <PasswordField
          meta={fields.password}
          label="Passwort"
          answer={actionData}
          autoComplete={isSignUp ? "new-password" : "current-password"}
          description={isSignUp ? NEW_PASSWORD_HINT : undefined}
        />
        {isSignUp ? (
          <>
            <Field label="Vorname" {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
            <Field label="Nachname" {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {isSignUp ? "Registrieren" : "Anmelden"}
        </Button>
      </Form>
      {isSignUp ? null : (
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/forgot" className="font-medium underline">
            Passwort vergessen?
          </Link>
        </p>
      )}

      <p className="mt-6 text-center text-sm">
        {isSignUp ? "Du hast schon ein Konto? " : "Noch kein Konto? "}
        <Link to={authHref(isSignUp ? "signin" : "signup", toCheckout)} className="font-medium underline">
          {isSignUp ? "Zum Login" : "Jetzt registrieren"}
        </Link>
      </p>
    </section>
  );
}
