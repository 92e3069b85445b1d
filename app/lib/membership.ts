/**
 * Memberships as the shop shows and prices them. The facts (rank, term, which plans
 * grant community prices) come from the database's membership_plans table; these helpers only
 * apply them, the same way public.place_order does when it charges.
 */

/** The signed-in member's membership (public.my_membership()); null for a visitor. */
export interface MembershipStatus {
  plan: string | null;
  name: string | null;
  rank: number | null;
  since: string | null;
  until: string | null;
  active: boolean;
  grantsCommunityPrice: boolean;
  /** Plan name of a membership ordered but not paid yet. */
  pendingPlan: string | null;
  /** Set when a cancellation applies: the membership ends at `until` ("gekündigt zum …"). */
  cancelledAt: string | null;
  /** A Yearly plan can be renewed from this moment (30 days before `until`); null otherwise. */
  renewableFrom: string | null;
}

/** What the header and the price lists need to know about the viewer. */
export interface ViewerPricing {
  /** The active plan's name, e.g. "Yearly"; null for a visitor or an expired membership. */
  planName: string | null;
  /** Pays community prices. */
  memberPrices: boolean;
}

export function viewerPricing(status: MembershipStatus | null): ViewerPricing {
  return {
    planName: status?.active ? status.name : null,
    memberPrices: status?.grantsCommunityPrice === true,
  };
}

/** The unit price charged: the community price (0 = 'Inklusive' = 0,00 €) for members, else the regular price. */
export function chargedUnitPrice(item: { price: number | null; communityPrice: number | null }, memberPrices: boolean) {
  return memberPrices ? (item.communityPrice ?? 0) : (item.price ?? 0);
}

export interface PlanFacts {
  name: string;
  rank: number;
  termMonths: number | null;
}

/**
 * Why a plan cannot be bought by someone who holds `held` (null when it can). Mirrors
 * public.place_order: a lower plan never; the same plan only when it has a term (it then extends).
 * The shop's pages are stricter than the database: /join never offers the held plan again.
 */
export function planRefusal(held: MembershipStatus | null, wanted: PlanFacts, { allowExtension = false } = {}) {
  if (!held?.active || held.rank === null || !held.name) return null;
  if (wanted.rank < held.rank) {
    return `Du hast bereits die ${held.name}-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.`;
  }
  if (wanted.rank === held.rank && !(allowExtension && wanted.termMonths !== null)) {
    return `Du hast die ${held.name}-Mitgliedschaft bereits.`;
  }
  return null;
}

/** A member's membership as the admin profile dialog shows it. */
export interface AdminMembershipView {
  plan: string;
  name: string;
  extendable: boolean;
  since: string;
  until: string | null;
  active: boolean;
}

export interface PlanOption {
  plan: string;
  name: string;
}
