import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/auth.confirm";
import { TokenAsk, TokenOutcome } from "~/components/newsletter/token-page";
import { EMAIL_CONFIRMATION } from "~/lib/email-confirmation";
import { authProvider, getAuth, requireUser } from "~/server/members/auth.server";
import { logger } from "~/server/platform/log.server";
import { enforceIpLimit } from "~/server/http/rate-limit.server";
import { redirectWithError, redirectWithSuccess, redirectWithToast } from "~/server/http/toast.server";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";

export const meta: Route.MetaFunction = () => [
  { title: `${EMAIL_CONFIRMATION.pageTitle} – BeHappy` },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

/** The question of this page, in the words TokenAsk shows. */
const ASK_TEXTS = {
  title: EMAIL_CONFIRMATION.pageTitle,
  ask: EMAIL_CONFIRMATION.pageText,
  button: EMAIL_CONFIRMATION.button,
  error: EMAIL_CONFIRMATION.failed,
};

/** GET only looks at the link (a mail scanner opening it confirms nothing); the POST uses it. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? undefined;
  const valid = await authProvider()
    .canConfirmEmail(token)
    .catch(() => false);
  return data({ valid, token: valid ? token : null }, { status: valid ? 200 : 400, headers: TOKEN_PAGE_HEADERS });
}

/** intent=confirm uses a mailed link; intent=resend (dashboard, signed in) mails a new one. */
export async function action({ request, context }: Route.ActionArgs) {
  await enforceIpLimit("emailConfirmPerIp", context);
  const formData = await request.formData();

  if (formData.get("intent") === "resend") {
    const { user } = requireUser(context);
    const provider = authProvider();
    try {
      if (await provider.isEmailConfirmed(request, user)) {
        return redirectWithToast("/dashboard", { type: "info", message: EMAIL_CONFIRMATION.alreadyConfirmed });
      }
      const sent = await provider.resendEmailConfirmation(request, user);
      return sent
        ? redirectWithSuccess("/dashboard", {
            message: EMAIL_CONFIRMATION.resent,
            description: EMAIL_CONFIRMATION.resentDescription,
          })
        : redirectWithError("/dashboard", {
            message: EMAIL_CONFIRMATION.resendLimited,
            description: EMAIL_CONFIRMATION.resendLimitedDescription,
          });
    } catch (error) {
      logger.error("confirmation resend failed", { error: (error as Error).message });
      return redirectWithError("/dashboard", { message: EMAIL_CONFIRMATION.failed });
    }
  }

  const token = formData.get("token");
  try {
    const ok = await authProvider().confirmEmail(typeof token === "string" ? token : undefined);
    if (!ok) return data({ state: "invalid" as const }, { status: 400 });
  } catch (error) {
    logger.error("e-mail confirmation failed", { error: (error as Error).message });
    return data({ state: "error" as const }, { status: 500 });
  }
  const toast = { message: EMAIL_CONFIRMATION.confirmed, description: EMAIL_CONFIRMATION.confirmedDescription };
  return redirectWithSuccess(getAuth(context).user ? "/dashboard" : "/auth", toast);
}

export default function ConfirmEmailPage() {
  const { valid, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  if (!valid || !token || result?.state === "invalid") {
    return (
      <TokenOutcome
        tone="error"
        title={EMAIL_CONFIRMATION.invalidTitle}
        text={EMAIL_CONFIRMATION.invalidText}
        link={{ to: "/dashboard", label: "Zum Dashboard" }}
      />
    );
  }
  return <TokenAsk texts={ASK_TEXTS} failed={result?.state === "error"} token={token} intent="confirm" />;
}
