import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter-token";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";
import { TokenAsk, TokenOutcome } from "~/components/newsletter/token-page";
import { tokenSchema } from "~/lib/schemas/newsletter";
import { getAuth } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { confirmNewsletter, tokenState, unsubscribeNewsletter } from "~/server/newsletter/newsletter.server";
import { NEWSLETTER_LINK_PAGES } from "~/content/newsletter";

/*
 * Serves /newsletter/confirm, /newsletter/unsubscribe and /newsletter/abmelden (route ids
 * newsletter-confirm, newsletter-unsubscribe, newsletter-one-click): the pages a mailed link opens.
 * /newsletter/abmelden is the List-Unsubscribe address of every newsletter issue (RFC 8058): a mail
 * provider POSTs `List-Unsubscribe=One-Click` to it with the token in the query, from no page of
 * ours, so the cross-site guard lets this one path through (server/guards.ts, docs/security.md).
 */

const kindOf = (pathname: string): keyof typeof NEWSLETTER_LINK_PAGES =>
  /\/(unsubscribe|abmelden)$/.test(pathname.replace(/\/+$/, "")) ? "unsubscribe" : "confirm";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${NEWSLETTER_LINK_PAGES[kindOf(location.pathname)].title} – BeHappy` },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

/**
 * GET only shows the button: following a link (or a mail scanner prefetching it) changes nothing.
 * A link opened again after its click says it is done already; a link no subscription has (a
 * confirmation link a newer mail replaced) says it is invalid at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  const token = tokenSchema.safeParse(url.searchParams.get("token") ?? undefined);
  const state = token.success
    ? await withViewer(getAuth(context).viewer, (tx) => tokenState(tx, kind, token.data))
    : "unknown";
  return data(
    { kind, token: state === "unknown" ? null : token.data, done: state === "done" },
    {
      status: state === "unknown" ? 400 : 200,
      headers: TOKEN_PAGE_HEADERS,
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  const formData = await request.formData();
  // The page's button posts the token; a one-click POST (RFC 8058) has it only in the query.
  const token = tokenSchema.safeParse(formData.get("token") ?? url.searchParams.get("token") ?? undefined);
  if (!token.success) return data({ state: "invalid" as const }, { status: 400 });
  try {
    const run = kind === "confirm" ? confirmNewsletter : unsubscribeNewsletter;
    const ok = await withViewer(getAuth(context).viewer, (tx) => run(tx, token.data));
    return data({ state: ok ? ("done" as const) : ("invalid" as const) }, { status: ok ? 200 : 400 });
  } catch (error) {
    logger.error(`newsletter ${kind} failed`, { error: (error as Error).message });
    return data({ state: "error" as const }, { status: 500 });
  }
}

export default function NewsletterTokenRoute() {
  const { kind, token, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const page = NEWSLETTER_LINK_PAGES[kind];

  if (result?.state === "done") return <TokenOutcome tone="success" {...page.done} />;
  if (done) return <TokenOutcome tone="success" {...page.already} />;
  if (!token || result?.state === "invalid") {
    return <TokenOutcome tone="error" title="Link ungültig" {...page.invalid} />;
  }
  return <TokenAsk texts={page} failed={result?.state === "error"} token={token} />;
}
