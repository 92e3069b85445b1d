import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { redirectTargetOf } from "~/server/http/redirect-target.server";
import type { Route } from "./+types/newsletter";
import { seoMeta } from "~/lib/catalog/seo";
import {
  NEWSLETTER_TOASTS,
  newsletterValuesOf,
  type NewsletterActionData,
  type NewsletterOutcome,
  type NewsletterRetry,
} from "~/components/newsletter/messages";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { isHoneypotFilled } from "~/lib/honeypot";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { publicUrl } from "~/server/http/urls.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { subscribeNewsletter } from "~/server/newsletter/newsletter.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { dataWithToast, redirectWithToast, type Toast } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Newsletter",
    description:
      "Melde dich für den BeHappy-Newsletter an: Impulse, neue Kurse und Veranstaltungen – mit Double-Opt-in.",
    canonical: loaderData?.canonical,
  });

export function loader() {
  return { canonical: publicUrl("/newsletter") };
}

/**
 * POST target of every newsletter form. Fetcher posts (`_js=1`) get data plus the toast. A plain
 * HTML post that succeeds is redirected back to the page it came from (`redirectTo`, same-site
 * only) with the toast; one that is refused renders this page instead, its form filled with what
 * was typed and the error beside its field (or as the form's notice): a redirect would lose both.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const wantsData = formData.get("_js") === "1";
  const redirectTo = redirectTargetOf(formData, "/");

  const answer = (toast: Toast, payload: NewsletterActionData, init: ResponseInit = { status: 200 }) => {
    if (wantsData) return dataWithToast(payload, toast, init);
    if (payload.outcome === "success") return redirectWithToast(redirectTo, toast);
    return data(plainPostRetry(formData, redirectTo, toast, payload.outcome, payload.fieldErrors), init);
  };

  const limited = await ipLimitRefusal("newsletterPerIp", context);
  if (limited)
    return answer({ ...NEWSLETTER_TOASTS.error, description: limited.message }, { outcome: "error" }, limited.init);

  // A filled honeypot is a bot: answer like a success, store and send nothing.
  if (isHoneypotFilled(formData)) return answer(NEWSLETTER_TOASTS.success, { outcome: "success" });

  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const fieldErrors = (submission.error ?? {}) as NewsletterActionData["fieldErrors"] & Record<string, string[]>;
    const first = Object.values(fieldErrors ?? {}).flat()[0] ?? NEWSLETTER_TOASTS.error.description;
    return answer(
      { ...NEWSLETTER_TOASTS.error, description: first },
      { outcome: "invalid", fieldErrors },
      { status: 400 },
    );
  }

  // Known or not, subscribed or not: the same answer (the owner learns the rest by mail).
  try {
    // subscribe_newsletter is the service role's (the visitor may not read or write subscriptions).
    await withViewer(SERVICE, (tx) => subscribeNewsletter(tx, submission.value));
  } catch (error) {
    logger.error("newsletter signup failed", { error: (error as Error).message });
    return answer(NEWSLETTER_TOASTS.error, { outcome: "error" }, { status: 500 });
  }
  return answer(NEWSLETTER_TOASTS.success, { outcome: "success" });
}

export default function NewsletterPage() {
  useLoaderData<typeof loader>();
  // Only a refused plain post leaves action data here (a fetcher's answer stays with its form).
  const actionData = useActionData<typeof action>();
  const retry = actionData && "values" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">Newsletter</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Einmal im Monat schicken wir dir Impulse für mehr Glück im Alltag, Neuigkeiten aus der Community und die
        nächsten Kurse und Veranstaltungen. Nach der Anmeldung bekommst du eine E-Mail, mit der du sie bestätigst.
      </p>
      <div className="mt-8 rounded-xl border border-border bg-card p-6 shadow-sm">
        <NewsletterForm showName title="Jetzt anmelden" intro="" retry={retry} />
      </div>
    </div>
  );
}

/** The fields the /newsletter form shows: an error of one of them stands at it. */
const SHOWN_FIELDS = ["email", "firstName", "lastName"] as const;

/**
 * The answer to a refused plain post: what was typed, where a later success goes, and the error,
 * at its field, or as the form's notice when no shown field is to blame (rate limit, server error).
 * No toast: the page itself says it, beside the form.
 */
function plainPostRetry(
  formData: FormData,
  redirectTo: string,
  toast: Toast,
  outcome: Exclude<NewsletterOutcome, "success">,
  fieldErrors?: NewsletterActionData["fieldErrors"],
): NewsletterRetry {
  const atAField = SHOWN_FIELDS.some((name) => fieldErrors?.[name]?.length);
  return {
    outcome,
    fieldErrors,
    values: newsletterValuesOf(formData),
    redirectTo,
    notice: atAField ? undefined : { message: toast.message, description: toast.description },
  };
}
