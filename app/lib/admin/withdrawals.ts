/**
 * A withdrawal as the admin list "Widerrufe" renders it (JSON from the loader). The server's query
 * is typed against it, as the orders screens' data is (./orders.ts).
 */
export interface AdminWithdrawalRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  /** The order number as the customer typed it. */
  order_reference: string;
  note: string | null;
  /** The order it was matched to, by the customer's number or by an admin; null: "nicht zugeordnet". */
  order_id: string | null;
  matched_at: string | null;
  /** Its order's status; "cancelled" settles the withdrawal (the list's "Offen" leaves it out). */
  order_status: string | null;
}
