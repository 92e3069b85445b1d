/**
 * The admin orders screens' data as the components render it (JSON from the loader). The server's
 * query functions are typed against these, so a column the components read cannot go missing.
 */
import type { AuditEntry } from "~/lib/admin/audit";
import type { OrderStatus } from "~/lib/admin/kinds";
import type { AdminNotice, Page } from "~/lib/admin/list-params";

/** The statuses an order can no longer take (it has a refund or a Rechnungskorrektur), and why. */
export interface StatusLock {
  text: string;
  refused: OrderStatus[];
}

export interface AdminOrderRow {
  id: string;
  customer_name: string;
  customer_email: string;
  total_amount: number;
  status: string;
  created_at: string;
  /** Pending past its reminder day ("Zahlung überfällig"). */
  payment_overdue: boolean;
  /** What Rechnungskorrekturen (partial refunds) took off the total, in euros; 0 without any. */
  corrected: number;
}

/** A money event of an order (issue 28): a payment received or a refund paid. */
export interface OrderPayment {
  id: string;
  kind: "payment" | "refund";
  amount: number;
  bookedOn: string;
  /** The admin who recorded it (null: the account is gone). */
  by: string | null;
  note: string | null;
}

/** What the order detail shows about its money. */
export interface OrderPaymentState {
  /** A pending order's deadline (then cancelled by the shop), else null. */
  deadline: string | null;
  overdue: boolean;
  remindedAt: string | null;
  payments: OrderPayment[];
  /** Payments less refunds. */
  received: number;
}

/** A list page of orders; `openSum` is the sum of the pending ones under ?filter=open, else null. */
export type AdminOrderPage = Page<AdminOrderRow> & { openSum: number | null };

/** A line of a paid order that can still be taken back ("Teilerstattung"), with how many of it. */
export interface ReturnableLine {
  itemId: string;
  title: string;
  bought: number;
  left: number;
  unitPrice: number;
  /** The voucher's discount on the whole line (all it bought); a return gives back its share less. */
  discount: number;
  /** An event line's registered participants: a return of seats may have to drop some of them. */
  participants: { id: string; name: string }[];
}

export interface AdminOrderDetail {
  order: AdminOrderRow & {
    salutation: string | null;
    customer_phone: string | null;
    street: string | null;
    zipcode: string | null;
    city: string | null;
    country: string | null;
    notes: string | null;
    /** A business buyer's company and VAT id (issue 28), as typed at checkout. */
    company: string | null;
    vat_id: string | null;
    /** A flat shipping fee (SHIPPING_FEE) charged with this order; 0 when none. */
    shipping_fee: number;
    /** The redeemed voucher code (issue 29) and what it took off the goods; 0 when none. */
    voucher_code: string | null;
    discount_amount: number;
  };
  items: { id: string; item_title: string; item_type: string; quantity: number; price: number }[];
  /** Spec §8: items that failed to load show their own notice; the rest of the order stays. */
  itemsError: AdminNotice | null;
  /** Lines of the open invoice not yet returned (empty unless the order is paid and invoiced). */
  returnable: ReturnableLine[];
  withdrawals: {
    id: string;
    name: string;
    email: string;
    order_reference: string;
    note: string | null;
    created_at: string;
  }[];
  invoices: { id: string; number: string; kind: string; issued_at: string; total_amount: number }[];
  /** Lines of the delivery address, or null when the order has none. */
  delivery: string[] | null;
  audit: AuditEntry[];
  payment: OrderPaymentState;
}
