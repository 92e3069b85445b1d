import { sql } from "kysely";
import type { MembershipStatus } from "~/lib/membership";
import type { Tx } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { accountAddress } from "~/server/members/accounts.server";
import { membershipChangedByAdminMail } from "~/server/members/membership-mails.server";
import { enqueueMail } from "~/server/mail/outbox.server";

/** The signed-in viewer's membership as public.my_membership() reports it (RLS: their own only). */
export async function getMyMembership(tx: Tx): Promise<MembershipStatus | null> {
  const { rows } = await sql<{ m: Record<string, unknown> | null }>`select public.my_membership() as m`.execute(tx);
  const m = rows[0]?.m;
  if (!m) return null;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    plan: text(m.plan),
    name: text(m.name),
    rank: typeof m.rank === "number" ? m.rank : null,
    since: text(m.since),
    until: text(m.until),
    active: m.active === true,
    grantsCommunityPrice: m.grants_community_price === true,
    pendingPlan: text(m.pending_plan),
    cancelledAt: text(m.cancelled_at),
    renewableFrom: text(m.renewable_from),
  };
}

/** Admin view of one member's membership (RLS: admins read all). */
export async function getMembershipAdmin(tx: Tx, userId: string) {
  const row = await tx
    .selectFrom("memberships as m")
    .innerJoin("membership_plans as p", "p.plan", "m.plan")
    .select([
      "m.plan",
      "p.name",
      "p.term_months",
      "p.grants_community_price",
      "m.since",
      "m.until",
      "m.cancelled_at",
      "m.order_id",
    ])
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const until = iso(row.until);
  return {
    plan: row.plan,
    name: row.name,
    extendable: row.term_months !== null,
    grantsCommunityPrice: row.grants_community_price === true,
    since: iso(row.since) ?? "",
    until,
    active: until === null || new Date(until).getTime() > shopNow().getTime(),
    cancelledAt: iso(row.cancelled_at),
    orderId: row.order_id,
  };
}

export type AdminMembership = NonNullable<Awaited<ReturnType<typeof getMembershipAdmin>>>;

/** Every plan, cheapest rank first: the admin's grant choices. */
export async function listPlans(tx: Tx) {
  return tx
    .selectFrom("membership_plans")
    .select(["plan", "name", "rank", "term_months", "grants_community_price"])
    .orderBy("rank")
    .execute();
}

/** Grant, extend or end by hand (public.admin_set_membership checks the admin and audits the reason). */
export async function setMembershipByAdmin(
  tx: Tx,
  input: { userId: string; action: "grant" | "extend" | "end"; plan: string | null; reason: string },
) {
  await sql`select public.admin_set_membership(${input.userId}::uuid, ${input.action}, ${input.plan}, ${input.reason})`.execute(
    tx,
  );
  // The member's prices and header change with it, on this instance at once.
  await invalidateViewers(tx);
  // The member hears of it (the sweep's "beendet" mail leaves out memberships an admin ended).
  const [now, recipient] = await Promise.all([getMembershipAdmin(tx, input.userId), accountAddress(tx, input.userId)]);
  if (now && recipient) {
    const mail = membershipChangedByAdminMail({
      action: input.action,
      planName: now.name,
      until: now.until ? new Date(now.until) : null,
      communityPrices: now.grantsCommunityPrice,
    });
    await enqueueMail(tx, { to: recipient.email, ...mail });
  }
}
