import { describe, expect, it } from "vitest";
import {
  chargedUnitPrice,
  membershipEnd,
  membershipEndSentence,
  planChangeNote,
  planRefusal,
  planRenewalNote,
  renewalOpen,
  viewerPricing,
  type MembershipStatus,
} from "~/lib/membership";

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
    expect(viewerPricing(null)).toEqual({ planName: null, memberPrices: false, planEnd: null });
    expect(viewerPricing(status({}))).toEqual({
      planName: "Yearly",
      memberPrices: true,
      planEnd: "endet am 01.01.2027",
    });
    expect(viewerPricing(status({ active: false, grantsCommunityPrice: false }))).toEqual({
      planName: null,
      memberPrices: false,
      planEnd: null,
    });
  });

  it("says a membership's end: 'endet am' for a term, 'gekündigt zum' once cancelled, nothing open-ended", () => {
    expect(membershipEnd(status({}))).toBe("endet am 01.01.2027");
    expect(membershipEnd(status({ cancelledAt: "2026-06-01T10:00:00Z" }))).toBe("gekündigt zum 01.01.2027");
    expect(membershipEnd(status({ plan: "lifetime", name: "Lifetime", until: null, renewableFrom: null }))).toBeNull();
    // In the shop's time zone: 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(membershipEnd(status({ until: "2026-12-31T23:30:00Z" }))).toBe("endet am 01.01.2027");
    // As a sentence: "gekündigt zum" takes its "ist" (the audit saw it missing on /join).
    expect(membershipEndSentence("Yearly", status({}))).toBe("Deine Yearly-Mitgliedschaft endet am 01.01.2027");
    expect(membershipEndSentence("Yearly", status({ cancelledAt: "2026-06-01T10:00:00Z" }))).toBe(
      "Deine Yearly-Mitgliedschaft ist gekündigt zum 01.01.2027",
    );
    expect(
      viewerPricing(status({ plan: "lifetime", name: "Lifetime", rank: 3, until: null, renewableFrom: null })).planEnd,
    ).toBeNull();
  });

  it("refuses the held plan and lower ones, in German", () => {
    const lifetime = { name: "Lifetime", rank: 3, termMonths: null };
    const yearly = { name: "Yearly", rank: 2, termMonths: 12 };
    const free = { name: "Free", rank: 1, termMonths: null };
    const now = "2026-06-01T00:00:00Z";
    expect(planRefusal(null, free, now)).toBeNull();
    expect(planRefusal(status({}), lifetime, now)).toBeNull();
    expect(planRefusal(status({}), free, now)).toBe(
      "Du hast bereits die Yearly-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.",
    );
    expect(planRefusal(status({ active: false }), free, now)).toBeNull();
    expect(planRefusal(status({ active: false }), yearly, now)).toBeNull();
    const heldLifetime = status({ plan: "lifetime", name: "Lifetime", rank: 3, until: null, renewableFrom: null });
    expect(planRefusal(heldLifetime, lifetime, now)).toBe("Du hast die Lifetime-Mitgliedschaft bereits.");
    expect(planRefusal(heldLifetime, yearly, now)).toBe(
      "Du hast bereits die Lifetime-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.",
    );
  });

  it("renews the held Yearly plan from 30 days before its end, in the words of place_order before", () => {
    const yearly = { name: "Yearly", rank: 2, termMonths: 12 };
    const held = status({}); // until 2027-01-01, renewable from 2026-12-02
    const early = "Du kannst deine Yearly-Mitgliedschaft ab dem 02.12.2026 verlängern.";
    expect(planRefusal(held, yearly, "2026-06-01T00:00:00Z")).toBe(early);
    expect(planRefusal(held, yearly, new Date("2026-12-01T23:59:59Z"))).toBe(early);
    // From the moment renewableFrom names, Date or ISO string alike.
    expect(planRefusal(held, yearly, "2026-12-02T00:00:00Z")).toBeNull();
    expect(planRefusal(held, yearly, new Date("2026-12-20T12:00:00Z"))).toBeNull();
    // A cancelled membership can be renewed too (a purchase clears the cancellation).
    expect(planRefusal(status({ cancelledAt: "2026-05-01T00:00:00Z" }), yearly, "2026-12-10T00:00:00Z")).toBeNull();
    // The date is the shop's (Berlin) day: 23:30 UTC on 1 December is 2 December there.
    expect(planRefusal(status({ renewableFrom: "2026-12-01T23:30:00Z" }), yearly, "2026-06-01T00:00:00Z")).toBe(early);
    expect(renewalOpen(held, "2026-12-02T00:00:00Z")).toBe(true);
    expect(renewalOpen(held, "2026-12-01T00:00:00Z")).toBe(false);
    expect(renewalOpen(status({ active: false }), "2026-12-20T00:00:00Z")).toBe(false);
    expect(renewalOpen(null, "2026-12-20T00:00:00Z")).toBe(false);
  });
});

describe("planChangeNote", () => {
  const lifetime = { name: "Lifetime", rank: 3, termMonths: null };
  const yearly = { name: "Yearly", rank: 2, termMonths: 12 };

  it("tells a Yearly member that Lifetime replaces the paid year without credit", () => {
    expect(planChangeNote(status({}), lifetime)).toBe(
      "Deine Yearly-Mitgliedschaft (bezahlt bis 01.01.2027) wird mit dem Zahlungseingang durch Lifetime ersetzt. Für die restliche Laufzeit gibt es keine Gutschrift.",
    );
  });

  it("says nothing for a renewal, a plan without an end, an expired plan or no plan", () => {
    expect(planChangeNote(status({}), yearly)).toBeNull();
    const free = status({ plan: "free", name: "Free", rank: 1, until: null, renewableFrom: null });
    expect(planChangeNote(free, lifetime)).toBeNull();
    expect(planChangeNote(status({ active: false }), lifetime)).toBeNull();
    expect(planChangeNote(null, lifetime)).toBeNull();
  });
});

describe("planRenewalNote", () => {
  const yearly = { name: "Yearly", rank: 2, termMonths: 12 };
  const lifetime = { name: "Lifetime", rank: 3, termMonths: null };

  it("tells a Yearly member renewing when the new term starts", () => {
    expect(planRenewalNote(status({}), yearly)).toBe(
      "Verlängerung deiner Yearly-Mitgliedschaft: Die neue Laufzeit beginnt am 01.01.2027, wenn die laufende endet (sofern deine Zahlung bis dahin eingegangen ist).",
    );
  });

  it("says nothing for another plan, a plan without an end, an expired plan or no plan", () => {
    expect(planRenewalNote(status({}), lifetime)).toBeNull();
    expect(planRenewalNote(status({ until: null }), yearly)).toBeNull();
    expect(planRenewalNote(status({ active: false }), yearly)).toBeNull();
    expect(planRenewalNote(null, yearly)).toBeNull();
  });
});
