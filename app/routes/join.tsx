import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/join";
import { fieldProps, usePageForm } from "~/components/conform";
import { Deferred } from "~/components/deferred";
import { FormNotice } from "~/components/form-notice";
import { PlanCard } from "~/components/cart/plan-card";
import { RenewalOffer } from "~/components/cart/renewal-offer";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Skeleton } from "~/components/ui/skeleton";
import { JOIN_FORM_ANCHOR } from "~/lib/plans";
import { membershipEndSentence, planChangeNote, planRefusal, type MembershipStatus } from "~/lib/membership";
import { staticPageMeta } from "~/lib/catalog/seo";
import { orderPlans, toPlan } from "~/lib/plans";
import { joinSchema } from "~/lib/schemas/join";
import { getAuth } from "~/server/members/auth.server";
import { readCart } from "~/server/cart/cart-cookie.server";
import { serializePrefill } from "~/server/orders/checkout-prefill.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { membershipProducts } from "~/server/cart/cart.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { renewalOffer } from "~/server/members/renewal.server";
import { shopNow } from "~/server/jobs/clock.server";
import { streamOrAwait } from "~/server/http/streaming.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageMeta(matches, "/join", {
    title: "Jetzt Mitglied werden",
    description: "Wähle deine BeHappy-Mitgliedschaft: Free, Lifetime oder Yearly.",
  });

async function loadPlans(viewer: ReturnType<typeof getAuth>["viewer"]) {
  const products = await withViewer(viewer, (tx) => membershipProducts(tx));
  return orderPlans(products.map((p) => toPlan({ ...p, price: Number(p.price) })));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = getAuth(context);
  const lines = await readCart(request);
  // The member's current plan is marked on its card and cannot be chosen again, except a renewal
  // of a Yearly plan from 30 days before its end (by the shop's clock).
  const now = shopNow();
  const { membership, renewal } =
    viewer.role === "authenticated"
      ? await withViewer(viewer, async (tx) => {
          const status = await getMyMembership(tx);
          return { membership: status, renewal: await renewalOffer(tx, status, now) };
        }).catch((error: Error) => {
          logger.error("membership failed to load", { error: error.message });
          return { membership: null, renewal: null };
        })
      : { membership: null, renewal: null };
  const plans = await streamOrAwait(
    request,
    loadPlans(viewer).catch((error: Error) => {
      logger.error("membership plans failed to load", { error: error.message });
      return null;
    }),
  );
  // The selection is the plan in the cart, so it survives a reload.
  const productIds = lines.filter((l) => l.itemType === "product").map((l) => l.itemId);
  return data({ plans, productIds, membership, renewal, now: now.toISOString() }, { headers: cacheHeaders("private") });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: joinSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), noPlan: false }, { status: 400 });
  }
  const lines = await readCart(request);
  const plans = await loadPlans(getAuth(context).viewer);
  const selected = plans.find((p) => lines.some((l) => l.itemType === "product" && l.itemId === p.id));
  if (!selected) return data({ result: submission.reply(), noPlan: true }, { status: 400 });
  // The names and address travel in a cookie: to the sign-up form, then on to the checkout.
  const { user } = getAuth(context);
  const headers = { "Set-Cookie": await serializePrefill({ ...submission.value, userId: user?.id }) };
  if (!user) {
    // A visitor signs up (or in) first; /auth?redirect=checkout says why, in the spec's neutral words,
    // instead of the checkout's refusal.
    return redirect("/auth?mode=signup&redirect=checkout", { headers });
  }
  return redirectWithSuccess("/checkout", { message: "Weiter zum Checkout" }, { headers });
}

export default function JoinPage() {
  const { plans, productIds, membership, renewal, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, { id: "join", schema: joinSchema });

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-4xl font-bold">Jetzt Mitglied werden</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Wähle den Plan, der zu dir passt, und werde Teil einer Gemeinschaft von über 2.500 Menschen.
      </p>
      {renewal && membership ? (
        <section
          aria-labelledby="renewal-heading"
          className="mx-auto mt-8 max-w-2xl rounded-2xl border border-border p-5 text-center"
        >
          <h2 id="renewal-heading" className="text-lg font-semibold">
            {membershipEndSentence(renewal.planName, membership)}
          </h2>
          <RenewalOffer offer={renewal} className="mt-2 text-muted-foreground" />
        </section>
      ) : null}

      <section aria-labelledby="plans-heading" className="mt-10">
        <h2 id="plans-heading" className="sr-only">
          Mitgliedschaften
        </h2>
        <Deferred value={plans.value} fallback={<PlanSkeletons />}>
          {(loaded) =>
            loaded ? (
              <PlanGrid plans={loaded} productIds={productIds} membership={membership} now={now} />
            ) : (
              <FormNotice
                tone="error"
                message="Fehler beim Laden der Mitgliedschaften"
                description="Bitte versuche es später erneut."
              />
            )
          }
        </Deferred>
      </section>

      <section id={JOIN_FORM_ANCHOR} aria-labelledby="personal-heading" className="mx-auto mt-14 max-w-xl scroll-mt-20">
        <h2 id="personal-heading" className="text-2xl font-semibold">
          Deine Angaben
        </h2>
        {actionData?.noPlan ? (
          <FormNotice
            tone="error"
            message="Bitte wähle einen Plan aus"
            description="Wähle einen Mitgliedschaftsplan aus, um fortzufahren."
          />
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          <Field label="Vorname" {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          <Field label="Nachname" {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
          <Button type="submit" size="lg" className="w-full" pending={pending}>
            Beitreten
          </Button>
        </Form>
      </section>
    </div>
  );
}

function PlanGrid({
  plans,
  productIds,
  membership,
  now,
}: {
  plans: ReturnType<typeof toPlan>[];
  productIds: string[];
  membership: MembershipStatus | null;
  now: string;
}) {
  const selected = plans.find((p) => productIds.includes(p.id)) ?? null;
  const currentPlan = membership?.active ? membership.plan : null;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            selected={selected?.id === plan.id}
            dimmed={plan.name === "Lifetime" && selected !== null && selected.name !== "Lifetime"}
            showPopularBadge={plan.mostPopular && selected === null && currentPlan === null}
            current={plan.planKey === currentPlan}
            unavailable={planRefusal(membership, plan, now)}
            changeNote={planChangeNote(membership, plan)}
          />
        </li>
      ))}
    </ul>
  );
}

function PlanSkeletons() {
  return (
    <div className="grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Mitgliedschaften werden geladen">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-96 rounded-2xl" />
      ))}
    </div>
  );
}
