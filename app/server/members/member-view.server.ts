import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ViewerPricing } from "~/lib/membership";
import { authProvider } from "~/server/members/auth.server";
import { knownDeviceCookieName } from "~/server/members/known-device.server";
import { sessionCookieName } from "~/server/members/session.server";
import { isAdmin, pricingFor } from "~/server/members/viewer-cache.server";
import { memberDataVersion } from "~/server/members/member-data-version.server";
import { shopClockSkewMs } from "~/server/jobs/clock.server";

/**
 * What a member's catalogue page shares with every member who sees the shop the same way
 * (server/page-cache.ts, decision 0023): the plan the header names and its end, whether community
 * prices apply, whether the admin link shows. Everything else on those pages is the catalogue.
 */
export const memberViewKey = (pricing: ViewerPricing, admin: boolean) =>
  JSON.stringify([pricing.planName, pricing.planEnd, pricing.memberPrices, admin]);

/**
 * Stands in for the member's e-mail in a page rendered to be shared; the page cache puts each
 * member's own address in its place. Random per process, so no page can contain it by chance, and
 * shaped like an address so every place that shows an address renders it the same way.
 */
export const MEMBER_EMAIL_STAND_IN = `mitglied-${randomBytes(8).toString("hex")}@beispiel.invalid`;

/**
 * Addresses that read the same in HTML text, in an attribute and inside the page's JSON data, so
 * that putting one in the stand-in's place needs no escaping. Others get their pages rendered alone.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+$/;

/**
 * The pages whose member view may be shared: /, /offers, the lists and their detail pages, and the
 * cart (keyed by its lines there).
 */
const SHARED_PATHS = /^\/(?:offers|cart|(?:products|courses|events)(?:\/[^/?]+)?)?(?:\?|$)/;

/**
 * A member's own pages the page cache keeps for them alone: the dashboard, each tab and view (its
 * query) apart. Every write to what it shows moves the member data version in their key.
 */
const PERSONAL_PATHS = /^\/dashboard(?:\?|$)/;

/**
 * The cookies a member's shared page may come with besides the keyed theme and cart: the shop's own
 * session (Supabase's sessions have other cookies, so their pages are rendered for them alone).
 */
export const memberCookies = () => [sessionCookieName(), knownDeviceCookieName];

export interface MemberView {
  /** What the member shares with others; part of the page's key. */
  key: string;
  email: string;
  userId: string;
  /**
   * Only for a page of the member's own (the dashboard): the rest of its key — the member, the
   * version of every member's data and the shop clock's offset (the renewal offer reads the clock).
   */
  personal?: string;
}

/**
 * The member asking, as the page cache keys their pages, or null: not signed in with the shop's own
 * sessions, a session that needs new cookies, a page that is neither shared nor their own, for a
 * shared page an address with characters that would need escaping, for their own one while this
 * instance's last write may not be visible yet.
 */
export async function memberViewOf(req: IncomingMessage): Promise<MemberView | null> {
  const shared = SHARED_PATHS.test(req.url ?? "");
  if (!shared && !PERSONAL_PATHS.test(req.url ?? "")) return null;
  const request = new Request("http://shop.local/", { headers: { cookie: req.headers.cookie ?? "" } });
  const { user, headers } = await authProvider().currentUser(request);
  if (!user || [...headers.keys()].length > 0 || (shared && !PLAIN_ADDRESS.test(user.email))) return null;
  const viewer = { role: "authenticated" as const, userId: user.id, email: user.email };
  const [pricing, admin, dataVersion] = await Promise.all([
    pricingFor(viewer),
    isAdmin(user.id),
    shared ? null : memberDataVersion(),
  ]);
  const view = { key: memberViewKey(pricing, admin), email: user.email, userId: user.id };
  if (shared) return view;
  if (dataVersion === null) return null;
  return { ...view, personal: `${user.id}\n${dataVersion}\n${shopClockSkewMs()}` };
}
