import { parseWithZod } from "@conform-to/zod/v4";
import { useLoaderData } from "react-router";
import { redirectTargetOf } from "~/server/http/redirect-target.server";
import type { Route } from "./+types/newsletter";
import { seoMeta } from "~/lib/catalog/seo";
import { NEWSLETTER_TOASTS, type NewsletterActionData } from "~/components/newsletter/messages";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { isHoneypotFilled } from "~/lib/honeypot";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { publicUrl } from "~/server/http/urls.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { subscribeNewsletter } from "~/server/newsletter/newsletter.server";
import { enforceIpLimit, RATE_LIMIT_MESSAGE } from "~/server/http/rate-limit.server";
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
 * POST target of every newsletter form. Plain HTML posts are redirected back to the page they came
 * from (`redirectTo`, same-site only) with a toast; fetcher posts (`_js=1`) get data plus the toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const wantsData = formData.get("_js") === "1";
  const redirectTo = redirectTargetOf(formData, "/");

  const answer = (toast: Toast, payload: NewsletterActionData, status = 200) =>
    wantsData ? dataWithToast(payload, toast, { status }) : redirectWithToast(redirectTo, toast);

  try {
    await enforceIpLimit("newsletterPerIp", context);
  } catch (error) {
    if ((error as { init?: { status?: number } })?.init?.status === 429) {
      return answer(
        {
          ...NEWSLETTER_TOASTS.error,
          description: (error as { data?: { message?: string } }).data?.message ?? RATE_LIMIT_MESSAGE,
        },
        { outcome: "error" },
        429,
      );
    }
    throw error;
  }

  // A filled honeypot is a bot: answer like a success, store and send nothing.
  if (isHoneypotFilled(formData)) return answer(NEWSLETTER_TOASTS.success, { outcome: "success" });

  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const fieldErrors = (submission.error ?? {}) as NewsletterActionData["fieldErrors"] & Record<string, string[]>;
    const first = Object.values(fieldErrors ?? {}).flat()[0] ?? NEWSLETTER_TOASTS.error.description;
    return answer({ ...NEWSLETTER_TOASTS.error, description: first }, { outcome: "invalid", fieldErrors }, 400);
  }

  // Known or not, subscribed or not: the same answer (the owner learns the rest by mail).
  try {
    // subscribe_newsletter is the service role's (the visitor may not read or write subscriptions).
    await withViewer(SERVICE, (tx) => subscribeNewsletter(tx, submission.value));
  } catch (error) {
    logger.error("newsletter signup failed", { error: (error as Error).message });
    return answer(NEWSLETTER_TOASTS.error, { outcome: "error" }, 500);
  }
  return answer(NEWSLETTER_TOASTS.success, { outcome: "success" });
}

export default function NewsletterPage() {
  useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">Newsletter</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Einmal im Monat schicken wir dir Impulse für mehr Glück im Alltag, Neuigkeiten aus der Community und die
        nächsten Kurse und Veranstaltungen. Nach der Anmeldung bekommst du eine E-Mail, mit der du sie bestätigst.
      </p>
      <div className="mt-8 rounded-xl border border-border bg-card p-6 shadow-sm">
        <NewsletterForm showName title="Jetzt anmelden" intro="" />
      </div>
    </div>
  );
}
