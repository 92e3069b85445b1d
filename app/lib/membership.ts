import { formatDate } from "~/lib/format";

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
  /** The active plan's end as the header says it ("endet am …", "gekündigt zum …"); null without one. */
  planEnd: string | null;
}

export function viewerPricing(status: MembershipStatus | null): ViewerPricing {
  return {
    planName: status?.active ? status.name : null,
    memberPrices: status?.grantsCommunityPrice === true,
    planEnd: status?.active ? membershipEnd(status) : null,
  };
}

/**
 * How a membership's end is said (header, dashboard, admin): "gekündigt zum DD.MM.YYYY" once a
 * cancellation applies (its end is `until`), "endet am DD.MM.YYYY" for a plan with an end (Yearly);
 * null for an open-ended plan (Lifetime, Free) that is not cancelled.
 */
export function membershipEnd(m: { until: string | null; cancelledAt: string | null }): string | null {
  if (!m.until) return null;
  return m.cancelledAt ? `gekündigt zum ${formatDate(m.until)}` : `endet am ${formatDate(m.until)}`;
}

/**
 * The sentence about a plan's end: "Deine Yearly-Mitgliedschaft endet am …" or "… ist gekündigt zum
 * …" ("endet" is a verb already; "gekündigt zum" needs its "ist"). Null for an open-ended plan.
 */
export function membershipEndSentence(
  planName: string | null,
  m: { until: string | null; cancelledAt: string | null },
) {
  const end = membershipEnd(m);
  if (!end) return null;
  return `Deine ${planName ? `${planName}-` : ""}Mitgliedschaft ${m.cancelledAt ? "ist " : ""}${end}`;
}

const time = (value: Date | string) => (typeof value === "string" ? new Date(value) : value).getTime();

/** The held plan can be renewed at `now` (the shop's clock): from 30 days before its end. */
export function renewalOpen(held: MembershipStatus | null, now: Date | string): boolean {
  return held?.active === true && held.renewableFrom !== null && time(now) >= time(held.renewableFrom);
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
 * Why a plan cannot be bought at `now` (the shop's clock) by someone who holds `held` (null when it
 * can). Mirrors public.place_order: a lower plan never; the held plan only when it has a term, and
 * then from 30 days before its end (`renewableFrom`; a renewal, the new term starts at the end).
 */
export function planRefusal(held: MembershipStatus | null, wanted: PlanFacts, now: Date | string) {
  if (!held?.active || held.rank === null || !held.name) return null;
  if (wanted.rank < held.rank) {
    return `Du hast bereits die ${held.name}-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.`;
  }
  if (wanted.rank === held.rank) {
    if (wanted.termMonths === null || held.renewableFrom === null) {
      return `Du hast die ${held.name}-Mitgliedschaft bereits.`;
    }
    if (!renewalOpen(held, now)) {
      return `Du kannst deine ${held.name}-Mitgliedschaft ab dem ${formatDate(held.renewableFrom)} verlängern.`;
    }
  }
  return null;
}

/**
 * What buying `wanted` does to a running plan with an end (a Yearly plan): a higher plan replaces it
 * when the payment arrives (public.apply_membership_purchase, "replaced"), and the rest of the paid
 * term is not credited. Said before the purchase; null when nothing is replaced.
 */
export function planChangeNote(held: MembershipStatus | null, wanted: PlanFacts) {
  if (!held?.active || held.rank === null || !held.name || !held.until || wanted.rank <= held.rank) return null;
  return `Deine ${held.name}-Mitgliedschaft (bezahlt bis ${formatDate(held.until)}) wird mit dem Zahlungseingang durch ${wanted.name} ersetzt. Für die restliche Laufzeit gibt es keine Gutschrift.`;
}

/**
 * What buying the held plan again does (a Yearly plan renewed while it runs): the new term follows
 * the running one (public.apply_membership_purchase, "extended"). Said at the checkout and in the
 * order mail, with the day it starts; null for anything else.
 */
export function planRenewalNote(held: MembershipStatus | null, wanted: PlanFacts) {
  if (!held?.active || held.rank === null || held.rank !== wanted.rank || !held.until || wanted.termMonths === null)
    return null;
  return `Verlängerung deiner ${held.name}-Mitgliedschaft: Die neue Laufzeit beginnt am ${formatDate(held.until)}, wenn die laufende endet (sofern deine Zahlung bis dahin eingegangen ist).`;
}

/** A member's membership as the admin profile dialog shows it. */
export interface AdminMembershipView {
  plan: string;
  name: string;
  extendable: boolean;
  since: string;
  until: string | null;
  active: boolean;
  /** Set when a cancellation applies ("gekündigt zum …" `until`). */
  cancelledAt: string | null;
}

export interface PlanOption {
  plan: string;
  name: string;
}
