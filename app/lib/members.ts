/** The members area's data as pages render it (read by app/server/members/members.server.ts). */

import type { OrderStatus } from "~/lib/admin/kinds";

export type { OrderStatus };

export interface MemberParticipant {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  notes: string | null;
}

export interface MemberOrderItem {
  id: string;
  itemId: string;
  type: string;
  title: string;
  quantity: number;
  /** Of `quantity`, what a Rechnungskorrektur took back (a refunded seat is no longer the buyer's). */
  returned: number;
  price: number;
  participants: MemberParticipant[];
  /** An event that is over by the shop's clock: no participant can be registered any more. */
  over: boolean;
}

export interface MemberOrder {
  id: string;
  createdAt: string;
  status: OrderStatus;
  total: number;
  /** Flat shipping fee included in the total (0: free or nothing shipped). */
  shippingFee: number;
  /** A voucher's discount taken off the total (0: none), and its code. */
  discount: number;
  voucherCode: string | null;
  items: MemberOrderItem[];
}

/** The fields a member fills in (profile form, checkout prefill): the profiles table's optional text columns. */
export const PROFILE_FIELDS = [
  "salutation",
  "first_name",
  "last_name",
  "email",
  "street",
  "zipcode",
  "city",
  "country",
  "areacode",
  "phone",
  "mobile",
  "company",
  "vat_id",
] as const;

export type MemberProfile = Record<(typeof PROFILE_FIELDS)[number], string | null> & {
  created_at: string;
  updated_at: string | null;
};
