import type { MembershipStatus } from "~/lib/membership";
import { renewalOpen } from "~/lib/membership";
import type { Tx } from "~/server/db/db.server";

/** What /join and the dashboard offer a member whose plan can be renewed (a Yearly plan). */
export interface RenewalOffer {
  /** The plan's product: "Mitgliedschaft verlängern" puts it in the cart (the cart's "plan" intent). */
  productId: string;
  planName: string;
  until: string;
  renewableFrom: string;
  /** From 30 days before the end, by the shop's clock; before, the page says from when. */
  open: boolean;
}

/**
 * The renewal of the member's active plan at `now` (shopNow()), or null when it has no term or an
 * order of a plan waits for its payment (place_order takes no second one). The cart and
 * public.place_order decide again when it is bought; this only chooses what to show.
 */
export async function renewalOffer(
  tx: Tx,
  membership: MembershipStatus | null,
  now: Date,
): Promise<RenewalOffer | null> {
  if (!membership?.active || !membership.plan || !membership.renewableFrom || !membership.until) return null;
  if (membership.pendingPlan) return null;
  const product = await tx
    .selectFrom("products")
    .select("id")
    .where("category", "=", "membership")
    .where("membership_plan", "=", membership.plan)
    .orderBy("id")
    .executeTakeFirst();
  if (!product) return null;
  return {
    productId: product.id,
    planName: membership.name ?? membership.plan,
    until: membership.until,
    renewableFrom: membership.renewableFrom,
    open: renewalOpen(membership, now),
  };
}
