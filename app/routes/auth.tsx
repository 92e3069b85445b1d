import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, redirectDocument, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/auth";
import { fieldProps, usePageForm } from "~/components/conform";
import { FormNotice } from "~/components/form-notice";
import { FormPage } from "~/components/form-page";
import { Button } from "~/components/ui/button";
import { NEW_PASSWORD_HINT, PasswordField } from "~/components/password-fields";
import { Field } from "~/components/ui/field";
import { authFormSchema, authSchema } from "~/lib/schemas/auth";
import { authProvider, getAuth } from "~/server/members/auth.server";
import { AUTH_MESSAGES } from "~/lib/account-messages";
import { AuthError } from "~/server/members/auth-errors";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { clearSignInEmail, readSignInEmail, serializeSignInEmail } from "~/server/members/signin-prefill.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { readPrefill } from "~/server/orders/checkout-prefill.server";
import { logger } from "~/server/platform/log.server";
import {
  clearRateLimit,
  ipLimitRefusal,
  hitRateLimit,
  logFailedSignIn,
  rateLimitMessage,
} from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { rememberDevice, signInAttemptBucket } from "~/server/members/known-device.server";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${new URLSearchParams(location.search).get("mode") === "signup" ? "Registrieren" : "Anmelden"} – BeHappy` },
  { name: "description", content: "Melde dich bei BeHappy an oder erstelle ein kostenloses Konto." },
  { name: "robots", content: "noindex" },
];

type Mode = "signin" | "signup";

type Params = { mode: Mode; toCheckout: boolean; redirectTo: string | null };

/**
 * `redirect=checkout` is the spec's way back to the checkout; `redirectTo` brings a member back to
 * any other page that asked for a sign-in (an order link from a mail, /admin). It is kept only as
 * a same-origin path, never back to /auth itself.
 */
function readParams(url: URL): Params {
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const toCheckout = url.searchParams.get("redirect") === "checkout";
  const target = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const redirectTo = target && !/^\/auth(?:[/?#]|$)/.test(target) ? target : null;
  return { mode, toCheckout, redirectTo };
}

function authHref(mode: Mode, { toCheckout, redirectTo }: Omit<Params, "mode">) {
  const params = new URLSearchParams();
  if (mode === "signup") params.set("mode", "signup");
  if (toCheckout) params.set("redirect", "checkout");
  else if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** Where a signed-in member goes: the checkout they came from, the page that asked, or the dashboard. */
const landingOf = ({ toCheckout, redirectTo }: Omit<Params, "mode">) =>
  toCheckout ? "/checkout" : (redirectTo ?? "/dashboard");

/** A refused sign-in (429) tells clients when to come back (Retry-After), besides the page's text. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  // The form may be prefilled with an address: never a shared cache's copy.
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) merged.set("Cache-Control", cacheControl);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = readParams(new URL(request.url));
  if (getAuth(context).user) throw redirect(landingOf(params));
  // Sign-up starts with what was typed on /join; sign-in with the address just registered or reset.
  const [prefill, signInEmail] = await Promise.all([readPrefill(request), readSignInEmail(request)]);
  // Names a member typed while signed in are theirs, not the next sign-up's on this browser.
  const joined = prefill?.userId ? null : prefill;
  const defaults =
    params.mode === "signup"
      ? { email: joined?.email ?? "", firstName: joined?.firstName ?? "", lastName: joined?.lastName ?? "" }
      : { email: signInEmail ?? "" };
  return data({ ...params, defaults }, { headers: cacheHeaders("private") });
}

export async function action({ request, context }: Route.ActionArgs) {
  const params = readParams(new URL(request.url));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: authSchema });
  const intent = formData.get("intent") === "signup" ? "signup" : "signin";
  const limited = await ipLimitRefusal(intent === "signup" ? "signUpPerIp" : "signInPerIp", context);
  if (limited) {
    // The typed address (and names) stay; the password is never sent back.
    return data({ result: submission.reply({ hideFields: ["password"] }), notice: limited.message }, limited.init);
  }

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
      return redirectWithSuccess(
        authHref("signin", params),
        { message: AUTH_MESSAGES.signUpSuccess },
        { headers: { "Set-Cookie": await serializeSignInEmail(input.email) } },
      );
    }
    // The attempt is counted before the password is checked (one atomic upsert), so parallel
    // guesses cannot all slip in before the limit; a success clears the counter again. A browser
    // that signed in to the account before counts apart, so strangers' guesses do not lock it out.
    const emailKey = input.email.trim().toLowerCase();
    const bucket = await signInAttemptBucket(request, emailKey);
    const attempt = await hitRateLimit(bucket.tier, bucket.key);
    if (!attempt.allowed) {
      return data(
        {
          result: submission.reply({ hideFields: ["password"] }),
          notice: rateLimitMessage(attempt.retryAfter),
          lockedOut: true,
        },
        { status: 429, headers: { "Retry-After": String(attempt.retryAfter) } },
      );
    }
    const { headers } = await authProvider()
      .signIn(request, input.email, input.password)
      .catch((error: unknown) => {
        if (error instanceof AuthError) logFailedSignIn(bucket, attempt.hits);
        throw error;
      });
    await clearRateLimit(bucket.tier, bucket.key);
    headers.append("Set-Cookie", await clearSignInEmail());
    headers.append("Set-Cookie", await rememberDevice(request, emailKey));
    // A document load, not a client-side navigation: the first signed-in page arrives with its
    // Cross-Origin-Opener-Policy, which cuts the handle of any window of another site that opened
    // this tab while it showed public pages (docs/decisions/0028-opener-policy-on-private-documents.md).
    return redirectDocument(landingOf(params), { headers });
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

/** The notice about the form's answer, which describes the password field it sends focus to. */
const AUTH_NOTICE_ID = "auth-notice";

export default function AuthPage() {
  const { mode, toCheckout, redirectTo, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, {
    id: `auth-${mode}`,
    schema: authFormSchema,
    defaultValue: defaults,
  });
  const isSignUp = mode === "signup";

  return (
    <FormPage
      title={isSignUp ? "Sign Up" : "Login"}
      lead={isSignUp ? "Erstelle dein kostenloses BeHappy-Konto." : "Melde dich mit deiner E-Mail-Adresse an."}
    >
      {toCheckout ? <FormNotice tone="info" message={AUTH_MESSAGES.checkoutNotice} /> : null}
      {!toCheckout && redirectTo ? <FormNotice tone="info" message={AUTH_MESSAGES.signInToContinue} /> : null}
      {actionData?.notice ? (
        <FormNotice
          id={AUTH_NOTICE_ID}
          tone="error"
          message={actionData.notice}
          description={"lockedOut" in actionData ? <LockedOutHint /> : undefined}
        />
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="intent" value={mode} />
        <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        <PasswordField
          meta={fields.password}
          label="Passwort"
          answer={actionData}
          notice={actionData?.notice ? AUTH_NOTICE_ID : undefined}
          autoComplete={isSignUp ? "new-password" : "current-password"}
          description={isSignUp ? NEW_PASSWORD_HINT : undefined}
        />
        {isSignUp ? (
          <>
            <Field label="Vorname" {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
            <Field label="Nachname" {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </>
        ) : null}
        <Button type="submit" className="w-full" pending={pending}>
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
        <Link
          to={authHref(isSignUp ? "signin" : "signup", { toCheckout, redirectTo })}
          className="font-medium underline"
        >
          {isSignUp ? "Zum Login" : "Jetzt registrieren"}
        </Link>
      </p>
    </FormPage>
  );
}

/** The way out of a locked account, as a link (the form without JavaScript, too). */
function LockedOutHint() {
  return (
    <>
      {AUTH_MESSAGES.lockedOutHint}{" "}
      <Link to="/auth/forgot" className="font-medium underline">
        Passwort vergessen?
      </Link>
    </>
  );
}
