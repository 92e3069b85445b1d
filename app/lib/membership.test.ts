import { describe, expect, it } from "vitest";
import { chargedUnitPrice, planRefusal, viewerPricing, type MembershipStatus } from "~/lib/membership";

const status = (over: Partial<MembershipStatus>): MembershipStatus => ({
  plan: "yearly",
  name: "Yearly",
  rank: 2,
  since: "2026-01-01T00:00:00Z",
  until: "2027-01-01T00:00:00Z",
  active: true,
  grantsCommunityPrice: true,
  pendingPlan: null,
  cancelledAt: null,
  renewableFrom: "2026-12-02T00:00:00Z",
  ...over,
});

describe("membership prices", () => {
  it("members pay the community price, 0 ('Inklusive') included; everyone else the regular price", () => {
    expect(chargedUnitPrice({ price: 24.9, communityPrice: 19.9 }, true)).toBe(19.9);
    expect(chargedUnitPrice({ price: 9.9, communityPrice: 0 }, true)).toBe(0);
    expect(chargedUnitPrice({ price: 24.9, communityPrice: 19.9 }, false)).toBe(24.9);
    expect(chargedUnitPrice({ price: 9.9, communityPrice: 0 }, false)).toBe(9.9);
  });

  it("shows the plan only while it is active", () => {
    expect(viewerPricing(null)).toEqual({ planName: null, memberPrices: false });
    expect(viewerPricing(status({}))).toEqual({ planName: "Yearly", memberPrices: true });
    expect(viewerPricing(status({ active: false, grantsCommunityPrice: false }))).toEqual({
      planName: null,
      memberPrices: false,
    });
  });

  it("refuses the held plan and lower ones, in German", () => {
    const lifetime = { name: "Lifetime", rank: 3, termMonths: null };
    const yearly = { name: "Yearly", rank: 2, termMonths: 12 };
    const free = { name: "Free", rank: 1, termMonths: null };
    expect(planRefusal(null, free)).toBeNull();
    expect(planRefusal(status({}), lifetime)).toBeNull();
    expect(planRefusal(status({}), yearly)).toBe("Du hast die Yearly-Mitgliedschaft bereits.");
    expect(planRefusal(status({}), yearly, { allowExtension: true })).toBeNull();
    expect(planRefusal(status({}), free)).toBe(
      "Du hast bereits die Yearly-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.",
    );
    expect(planRefusal(status({ active: false }), free)).toBeNull();
  });
});
