import { describe, expect, it } from "vitest";
import { orderPlans, toPlan, type MembershipProduct } from "~/lib/plans";

const product = (title: string, price: number, grants = true): MembershipProduct => ({
  id: title,
  title,
  price,
  description: "d",
  image_url: null,
  features: ["a", "Community-Preise auf alles"],
  not_included: ["b"],
  plan: title.split(" ")[0].toLowerCase(),
  rank: 2,
  term_months: 12,
  grants_community_price: grants,
});

describe("plan derivation", () => {
  it("derives name, period, mostPopular and cta from the product title", () => {
    expect(toPlan(product("Yearly Membership", 99))).toMatchObject({
      name: "Yearly",
      period: "year",
      mostPopular: false,
      cta: "Get Yearly",
      price: "99",
      features: ["a"],
      notIncluded: ["b"],
    });
    expect(toPlan(product("Lifetime Membership", 499))).toMatchObject({ period: "one-time", mostPopular: true });
    expect(toPlan(product("Free Membership", 0))).toMatchObject({ name: "Free", period: "month", cta: "Get Free" });
  });

  it("takes the community-price promise from the plan's facts, not from the free-text lines", () => {
    expect(toPlan(product("Yearly Membership", 99))).toMatchObject({ features: ["a"], grantsCommunityPrice: true });
    expect(toPlan(product("Free Membership", 0, false))).toMatchObject({
      features: ["a"],
      grantsCommunityPrice: false,
    });
  });

  it("orders plans Free, Lifetime, Yearly", () => {
    const plans = ["Yearly Membership", "Free Membership", "Lifetime Membership"].map((t) => toPlan(product(t, 1)));
    expect(orderPlans(plans).map((p) => p.name)).toEqual(["Free", "Lifetime", "Yearly"]);
  });
});
