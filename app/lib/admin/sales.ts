/** One month of the admin's "Umsatz" panel (issue 28); money in cents, so sums stay exact. */
export interface SalesMonth {
  /** YYYY-MM (Berlin). */
  month: string;
  /** "Nov 2026". */
  label: string;
  grossCents: number;
  netCents: number;
  orders: number;
  newMembers: number;
}

export interface SalesOverview {
  months: SalesMonth[];
  openPayments: { count: number; sum: number };
  openRefunds: { count: number; sum: number; overdue: number };
}
