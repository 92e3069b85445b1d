import { useFetcher } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/format";
import { PriceTerms } from "~/components/catalog/price-terms";
import { COMMUNITY_PRICE_PROMISE, JOIN_FORM_ANCHOR, PERIOD_LABEL, type Plan } from "~/lib/plans";

/**
 * A membership plan; choosing it posts to the cart, which keeps one plan at a time. The member's
 * current plan is marked, and neither it nor a lower plan can be chosen (`unavailable` says why).
 */
export function PlanCard({
  plan,
  selected,
  dimmed,
  showPopularBadge,
  current = false,
  unavailable = null,
  changeNote = null,
}: {
  plan: Plan;
  selected: boolean;
  dimmed: boolean;
  showPopularBadge: boolean;
  current?: boolean;
  unavailable?: string | null;
  /** What choosing this plan does to the member's running one (planChangeNote). */
  changeNote?: string | null;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const included = plan.grantsCommunityPrice ? [...plan.features, COMMUNITY_PRICE_PROMISE] : plan.features;
  const excluded = plan.grantsCommunityPrice ? plan.notIncluded : [COMMUNITY_PRICE_PROMISE, ...plan.notIncluded];
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-current-plan={current ? "true" : undefined}
      className={`relative flex h-full flex-col rounded-2xl border p-6 shadow-sm transition ${
        selected || current ? "border-primary ring-2 ring-primary" : "border-border"
      } ${dimmed ? "opacity-50 grayscale" : ""}`}
    >
      {current ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">
          Dein aktueller Plan
        </span>
      ) : showPopularBadge ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">
          Beliebteste Wahl
        </span>
      ) : null}
      <h3 id={`plan-${plan.id}`} className="text-2xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-2 text-3xl font-bold">
        {formatPrice(plan.priceValue)}{" "}
        <span className="text-base font-normal text-muted-foreground">{PERIOD_LABEL[plan.period]}</span>
      </p>
      <PriceTerms className="block" />
      <p className="mt-3 text-muted-foreground">{plan.description}</p>
      <ul className="mt-5 space-y-2" aria-label="Enthalten">
        {included.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true">✓</span>
            {feature}
          </li>
        ))}
      </ul>
      {excluded.length > 0 ? (
        <ul className="mt-3 space-y-2 text-muted-foreground" aria-label="Nicht enthalten">
          {excluded.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true">✗</span>
              <span>
                <span className="sr-only">Nicht enthalten: </span>
                {item}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {current || unavailable ? (
        <p className="mt-auto pt-6 text-center text-sm font-medium text-muted-foreground">
          {current ? "Das ist deine Mitgliedschaft." : unavailable}
        </p>
      ) : (
        // The page must not jump to the top (on a phone the form is far below the cards): with
        // JavaScript a fetcher stays in place; without it the redirect lands on the form's anchor.
        <fetcher.Form method="post" action="/cart" preventScrollReset className="mt-auto pt-6">
          <input type="hidden" name="intent" value="plan" />
          <input type="hidden" name="planId" value={plan.id} />
          <input type="hidden" name="redirectTo" value={`/join#${JOIN_FORM_ANCHOR}`} />
          {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
          {changeNote ? (
            <p id={`plan-${plan.id}-change`} className="mb-3 text-sm text-muted-foreground">
              {changeNote}
            </p>
          ) : null}
          <Button
            type="submit"
            variant={selected ? "secondary" : "default"}
            className="w-full"
            aria-pressed={selected}
            aria-describedby={changeNote ? `plan-${plan.id}-change` : undefined}
          >
            {selected ? "Ausgewählt" : plan.cta}
          </Button>
        </fetcher.Form>
      )}
    </article>
  );
}
