/**
 * Membership plans, derived from the membership products exactly as spec §3 "plan" says, plus the
 * facts of their plan from the database (membership_plans): rank, term and whether the plan grants
 * community prices. The card's promise about community prices is made from that same column,
 * which public.place_order charges by, so card and price cannot disagree.
 */
export interface MembershipProduct {
  id: string;
  title: string;
  price: number | null;
  description: string | null;
  image_url: string | null;
  features: string[];
  not_included: string[];
  /** membership_plans.plan / rank / term_months / grants_community_price */
  plan: string;
  rank: number;
  term_months: number | null;
  grants_community_price: boolean;
}

/** The card line about community prices; shown as included or not from grants_community_price. */
export const COMMUNITY_PRICE_PROMISE = "Community-Preise auf alle Kurse, Events und Produkte";
const mentionsCommunityPrices = (line: string) => /community-preis/i.test(line);

export type PlanPeriod = "year" | "one-time" | "month";

export interface Plan {
  id: string;
  name: string;
  price: string;
  priceValue: number;
  description: string;
  features: string[];
  notIncluded: string[];
  image_url: string | null;
  period: PlanPeriod;
  mostPopular: boolean;
  cta: string;
  planKey: string;
  rank: number;
  termMonths: number | null;
  grantsCommunityPrice: boolean;
}

export function toPlan(product: MembershipProduct): Plan {
  const name = product.title.replace(" Membership", "");
  const period: PlanPeriod = product.title.includes("Yearly")
    ? "year"
    : product.title.includes("Lifetime")
      ? "one-time"
      : "month";
  return {
    id: product.id,
    name,
    price: String(product.price ?? 0),
    priceValue: product.price ?? 0,
    description: product.description ?? "",
    // Free-text lines about community prices are replaced by the one derived from the plan's facts.
    features: product.features.filter((line) => !mentionsCommunityPrices(line)),
    notIncluded: product.not_included.filter((line) => !mentionsCommunityPrices(line)),
    image_url: product.image_url,
    period,
    mostPopular: product.title.includes("Lifetime"),
    cta: `Get ${name}`,
    planKey: product.plan,
    rank: product.rank,
    termMonths: product.term_months,
    grantsCommunityPrice: product.grants_community_price,
  };
}

const PLAN_ORDER = ["Free", "Lifetime", "Yearly"];

/** Spec order: Free, Lifetime, Yearly; anything else after them. */
export function orderPlans(plans: Plan[]) {
  const rank = (p: Plan) => {
    const index = PLAN_ORDER.indexOf(p.name);
    return index === -1 ? PLAN_ORDER.length : index;
  };
  return [...plans].sort((a, b) => rank(a) - rank(b));
}

export const PERIOD_LABEL: Record<PlanPeriod, string> = {
  year: "pro Jahr",
  "one-time": "einmalig",
  month: "pro Monat",
};

/** The id of /join's personal-information section: a plan chosen without JavaScript returns there. */
export const JOIN_FORM_ANCHOR = "angaben";
