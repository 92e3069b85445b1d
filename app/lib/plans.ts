/**
 * Membership plans, derived from the membership products exactly as spec §3 "plan" says.
 */
export interface MembershipProduct {
  id: string;
  title: string;
  price: number | null;
  description: string | null;
  image_url: string | null;
  features: string[];
  not_included: string[];
}

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
    features: product.features,
    notIncluded: product.not_included,
    image_url: product.image_url,
    period,
    mostPopular: product.title.includes("Lifetime"),
    cta: `Get ${name}`,
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
