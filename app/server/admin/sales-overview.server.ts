import { sql } from "kysely";
import { berlinParts } from "~/lib/berlin-time";
import type { SalesOverview, SalesMonth } from "~/lib/admin/sales";
import { invoiceSums } from "~/lib/invoice";
import type { Tx } from "~/server/db/db.server";
import { num } from "~/server/db/values.server";
import { invoicesInRange } from "~/server/orders/datev-export.server";

const MONTH_NAMES = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"];
const cents = (euros: number) => Math.round(euros * 100);

/** The 12 Berlin months ending with today's, oldest first, as "YYYY-MM". */
export function lastTwelveMonths(today: Date): string[] {
  const p = berlinParts(today.toISOString());
  const year = Number(p.year);
  const month = Number(p.month);
  return Array.from({ length: 12 }, (_, i) => {
    const back = 11 - i;
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
};

/**
 * The "Umsatz" panel of /admin (issue 28): revenue per month for the last 12 months from the very
 * documents the DATEV export books (invoices less Stornos and corrections, by their Berlin issue
 * day; net per rate as on the PDF), orders placed and new accounts per month, and what is open:
 * unpaid orders and refunds not yet paid.
 */
export async function salesOverview(tx: Tx, today: Date): Promise<SalesOverview> {
  const months = lastTwelveMonths(today);
  const from = `${months[0]}-01`;
  const to = lastDay(months[11]);
  const byMonth = new Map<string, SalesMonth>(
    months.map((month) => {
      const [y, m] = month.split("-");
      return [
        month,
        { month, label: `${MONTH_NAMES[Number(m) - 1]} ${y}`, grossCents: 0, netCents: 0, orders: 0, newMembers: 0 },
      ];
    }),
  );

  for (const invoice of await invoicesInRange(tx, { from, to })) {
    const row = byMonth.get(invoice.issuedDay.slice(0, 7));
    if (!row) continue;
    const sign = invoice.kind === "invoice" ? 1 : -1;
    row.grossCents += cents(invoice.totalAmount);
    row.netCents += sign * cents(invoiceSums(invoice.lines, invoice.vatMode).net);
  }

  const berlinMonth = (column: string) =>
    sql<string>`to_char(${sql.ref(column)} at time zone 'Europe/Berlin', 'YYYY-MM')`;
  const [orders, members, open, refunds] = await Promise.all([
    tx
      .selectFrom("orders")
      .select([berlinMonth("created_at").as("month"), sql<number>`count(*)::int`.as("n")])
      .where(berlinMonth("created_at"), ">=", months[0])
      .groupBy(berlinMonth("created_at"))
      .execute(),
    tx
      .selectFrom("profiles")
      .select([berlinMonth("created_at").as("month"), sql<number>`count(*)::int`.as("n")])
      .where(berlinMonth("created_at"), ">=", months[0])
      .groupBy(berlinMonth("created_at"))
      .execute(),
    tx
      .selectFrom("orders")
      .select([sql<number>`count(*)::int`.as("n"), sql<string>`coalesce(sum(total_amount), 0)`.as("sum")])
      .where("status", "=", "pending")
      .where("total_amount", ">", 0)
      .executeTakeFirstOrThrow(),
    tx
      .selectFrom("refunds")
      .select([
        sql<number>`count(*)::int`.as("n"),
        sql<string>`coalesce(sum(amount), 0)`.as("sum"),
        sql<number>`count(*) filter (where due_on < (public.shop_now() at time zone 'Europe/Berlin')::date)::int`.as(
          "overdue",
        ),
      ])
      .where("status", "=", "open")
      .executeTakeFirstOrThrow(),
  ]);
  for (const o of orders) {
    const row = byMonth.get(o.month);
    if (row) row.orders = o.n;
  }
  for (const m of members) {
    const row = byMonth.get(m.month);
    if (row) row.newMembers = m.n;
  }
  return {
    months: [...byMonth.values()],
    openPayments: { count: open.n, sum: num(open.sum) ?? 0 },
    openRefunds: { count: refunds.n, sum: num(refunds.sum) ?? 0, overdue: refunds.overdue },
  };
}
