import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/catalog-detail";
import { AddToCartForm } from "~/components/cart/add-to-cart-form";
import { CatalogDetailPage } from "~/components/catalog/detail-page";
import { WaitlistForm } from "~/components/catalog/waitlist-form";
import { catalogDetailMeta } from "~/lib/catalog/seo";
import { catalogKindOfPath, SCHEDULED_TEXT } from "~/lib/catalog/texts";
import type { CatalogKind } from "~/lib/catalog/types";
import { isHoneypotFilled } from "~/lib/honeypot";
import { waitlistSchema } from "~/lib/schemas/waitlist";
import { isUuid } from "~/lib/uuid";
import { loadCatalogDetail } from "~/server/catalog/catalog-pages.server";
import { joinWaitlist, type JoinOutcome } from "~/server/catalog/waitlist.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { pageHeaders } from "~/server/http/cache-policy.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithToast, type Toast } from "~/server/http/toast.server";
import { getAuth } from "~/server/members/auth.server";

/*
 * Serves /courses/:id and /events/:id (route ids "<kind>-detail"), as legal.tsx does: the page and
 * the waitlist of a sold-out one. /products/:id is routes/product-detail.tsx, without a waitlist.
 */
type SeatKind = Exclude<CatalogKind, "products">;
const kindOf = (path: string) => catalogKindOfPath(path) as SeatKind;

/** A course is booked once; events are ordered in a quantity. */
const CART: Record<SeatKind, { itemType: "event" | "course"; withQuantity: boolean }> = {
  courses: { itemType: "course", withQuantity: false },
  events: { itemType: "event", withQuantity: true },
};

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  catalogDetailMeta(kindOf(location.pathname), loaderData);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogDetail(kindOf(new URL(args.request.url).pathname), args);

/** What joining the waitlist answers, by outcome (the form's own errors stay next to its fields). */
const JOIN_TOASTS: Record<JoinOutcome, (email: string, kind: "events" | "courses") => Toast> = {
  joined: (email) => ({
    type: "success",
    message: "Du stehst auf der Warteliste",
    description: `Sobald ein Platz frei wird, schreiben wir dir an ${email}.`,
  }),
  already: () => ({
    type: "info",
    message: "Du stehst bereits auf der Warteliste",
    description: "Sobald ein Platz frei wird, schreiben wir dir.",
  }),
  bookable: () => ({
    type: "info",
    message: "Es sind wieder Plätze frei",
    description: "Du kannst direkt buchen – ohne Warteliste.",
  }),
  past: (_email, kind) => ({
    type: "error",
    message: "Nicht mehr möglich",
    description: `${SCHEDULED_TEXT[kind].begun}.`,
  }),
  gone: (_email, kind) => ({
    type: "error",
    message: "Nicht gefunden",
    description: kind === "courses" ? "Diesen Kurs gibt es nicht mehr." : "Diese Veranstaltung gibt es nicht mehr.",
  }),
};

/** The waitlist form of a sold-out event or course (issue 27). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const path = new URL(request.url).pathname;
  const kind = kindOf(path);
  const scheduled = kind === "courses" ? "courses" : "events";
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const formData = await request.formData();
  // A filled honeypot is a bot: answer like a success, store nothing.
  if (isHoneypotFilled(formData)) return redirectWithToast(path, JOIN_TOASTS.joined("", scheduled));

  const submission = parseWithZod(formData, { schema: waitlistSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const limited = await ipLimitRefusal("waitlistPerIp", context);
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message] }) }, limited.init);
  const outcome = await withViewer(SERVICE, (tx) =>
    joinWaitlist(
      tx,
      {
        itemType: CART[kind].itemType,
        itemId: params.id,
        userId: getAuth(context).user?.id ?? null,
      },
      // A course is booked once, whatever the form said.
      kind === "courses" ? { ...submission.value, seats: 1 } : submission.value,
    ),
  );
  return redirectWithToast(path, JOIN_TOASTS[outcome](submission.value.email, scheduled));
}

export default function CatalogDetailRoute() {
  const { result, jsonLd, waitlistPrefill } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const kind = kindOf(location.pathname);
  const found = result.state === "found";
  const addToCart = found ? (
    <AddToCartForm
      itemId={result.item.id}
      itemType={CART[kind].itemType}
      title={result.item.title}
      withQuantity={CART[kind].withQuantity}
      seatsLeft={"seats_left" in result.item ? result.item.seats_left : null}
    />
  ) : undefined;
  const waitlist = found ? (
    <WaitlistForm
      key={location.key}
      action={location.pathname}
      withSeats={CART[kind].withQuantity}
      prefill={waitlistPrefill}
      lastResult={answer?.result}
    />
  ) : undefined;
  return (
    <CatalogDetailPage kind={kind} result={result} structuredData={jsonLd} addToCart={addToCart} waitlist={waitlist} />
  );
}
