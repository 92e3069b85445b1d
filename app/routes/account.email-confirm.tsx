import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account.email-confirm";
import { TokenAsk, TokenOutcome } from "~/components/newsletter/token-page";
import { ACCOUNT_MESSAGES } from "~/lib/schemas/account";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { enforceIpLimit } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";
import { authProvider, getAuth } from "~/server/members/auth.server";
import { serializeSignInEmail } from "~/server/members/signin-prefill.server";
import { logger } from "~/server/platform/log.server";

const TEXTS = {
  title: "Neue E-Mail-Adresse bestätigen",
  ask: "Bitte bestätige mit einem Klick, dass diese E-Mail-Adresse dir gehört. Danach meldest du dich mit ihr an.",
  button: "Neue E-Mail-Adresse bestätigen",
  error: "Die Bestätigung hat nicht geklappt. Bitte versuche es später erneut.",
  invalidTitle: "Link ungültig",
  invalidText:
    "Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Welche Adresse gilt, siehst du im Dashboard; dort kannst du die Änderung auch neu anfordern.",
  takenText:
    "Zu dieser E-Mail-Adresse gibt es inzwischen ein anderes Konto. Deine bisherige Adresse gilt weiter; wähle im Dashboard eine andere.",
} as const;

export const meta: Route.MetaFunction = () => [
  { title: `${TEXTS.title} – BeHappy` },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

/** GET only looks at the link (a mail scanner opening it changes nothing); the POST uses it. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? undefined;
  const valid = await authProvider()
    .canChangeEmail(token)
    .catch(() => false);
  return data({ valid, token: valid ? token : null }, { status: valid ? 200 : 400, headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  await enforceIpLimit("emailConfirmPerIp", context);
  const token = (await request.formData()).get("token");
  let outcome;
  try {
    outcome = await authProvider().changeEmail(typeof token === "string" ? token : undefined);
  } catch (error) {
    logger.error("e-mail change failed", { error: (error as Error).message });
    return data({ state: "error" as const }, { status: 500 });
  }
  if (!outcome.changed) return data({ state: outcome.reason }, { status: outcome.reason === "taken" ? 409 : 400 });
  const toast = { message: ACCOUNT_MESSAGES.emailChanged, description: ACCOUNT_MESSAGES.emailChangedDescription };
  if (getAuth(context).user) return redirectWithSuccess("/dashboard?tab=profile", toast);
  // Opened in a browser that is not signed in: the sign-in form offers the new address.
  const headers = new Headers({ "Set-Cookie": await serializeSignInEmail(outcome.email) });
  return redirectWithSuccess("/auth", toast, { headers });
}

export default function ConfirmEmailChangePage() {
  const { valid, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!valid || !token || result?.state === "invalid" || result?.state === "taken") {
    return (
      <TokenOutcome
        tone="error"
        title={TEXTS.invalidTitle}
        text={result?.state === "taken" ? TEXTS.takenText : TEXTS.invalidText}
        link={{ to: "/dashboard?tab=profile", label: "Zum Dashboard" }}
      />
    );
  }
  return <TokenAsk texts={TEXTS} failed={result?.state === "error"} token={token} />;
}
