/**
 * Voucher maths shared by the cart's preview and the tests; public.voucher_decide and
 * public.voucher_allocate in SQL decide the same for the order (decision 0017). All amounts in
 * whole cents, so nothing is lost or gained in rounding.
 */

export const VOUCHER_KINDS = ["product", "course", "event", "membership"] as const;
export type VoucherItemKind = (typeof VOUCHER_KINDS)[number];

export const VOUCHER_KIND_LABELS: Record<VoucherItemKind, string> = {
  product: "Produkte",
  course: "Kurse",
  event: "Veranstaltungen",
  membership: "Mitgliedschaften",
};

/** Codes are case-insensitive: stored and compared in upper case, without surrounding spaces. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

export const VOUCHER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/**
 * The discount in cents on `eligibleCents`: a percentage rounded half up to the cent, or a fixed
 * amount that never exceeds what it discounts (no total becomes negative).
 */
export function discountCents(kind: "percent" | "fixed", amount: number, eligibleCents: number): number {
  if (eligibleCents <= 0) return 0;
  if (kind === "percent") {
    const basisPoints = Math.round(amount * 100);
    return Math.floor((eligibleCents * basisPoints + 5000) / 10000);
  }
  return Math.min(Math.round(amount * 100), eligibleCents);
}

/**
 * The discount spread over the lines in proportion to their amounts, in whole cents that sum to it
 * exactly: each line gets its share rounded down, and the cents left go to the lines with the
 * largest remainders (ties to the earlier line). No line gets more than its amount.
 */
export function allocateCents(discount: number, amounts: number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const shares = amounts.map((a, index) => ({
    index,
    base: Math.floor((discount * a) / total),
    rest: (discount * a) % total,
  }));
  let left = discount - shares.reduce((sum, s) => sum + s.base, 0);
  const byRest = [...shares].sort((x, y) => y.rest - x.rest || x.index - y.index);
  for (const share of byRest) {
    if (left <= 0) break;
    share.base += 1;
    left -= 1;
  }
  return shares.map((s) => s.base);
}

/** Euros to cents and back without floating-point drift. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;
