/** The members area's data as pages render it (read by app/server/queries/members.server.ts). */

import type { OrderStatus } from "./admin/kinds";

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
  price: number;
  participants: MemberParticipant[];
}

export interface MemberOrder {
  id: string;
  createdAt: string;
  status: OrderStatus;
  total: number;
  /** Flat shipping fee included in the total (0: free or nothing shipped). */
  shippingFee: number;
  items: MemberOrderItem[];
}

export interface MemberProfile {
  salutation: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  areacode: string | null;
  phone: string | null;
  mobile: string | null;
  created_at: string;
  updated_at: string | null;
}
