import { Link } from "react-router";
import { AdminTable, cellClass } from "~/components/admin/admin-list";
import type { SalesOverview } from "~/lib/admin/sales";
import { formatPrice } from "~/lib/format";

const WIDTH = 600;
const HEIGHT = 220;
const BASELINE = 190;
const SLOT = WIDTH / 12;

/**
 * The "Umsatz" panel (issue 28): revenue per month as bars drawn in SVG on the server (no script),
 * gross with net inside it; the same numbers in a table, which is what screen readers read (the
 * chart is one image with a title that points there). What is open is linked to its list.
 */
export function SalesPanel({ overview }: { overview: SalesOverview }) {
  const { months, openPayments, openRefunds } = overview;
  const max = Math.max(1, ...months.map((m) => m.grossCents));
  const height = (c: number) => Math.round((Math.max(0, c) / max) * (BASELINE - 20));
  return (
    <section aria-labelledby="sales-heading" className="mt-10">
      <h2 id="sales-heading" className="text-2xl font-bold">
        Umsatz
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div className="rounded-lg border border-border p-4">
          <dt className="text-muted-foreground">
            <Link to="/admin/orders?filter=open" className="underline">
              Offene Zahlungen
            </Link>
          </dt>
          <dd className="mt-1 text-xl font-semibold" data-testid="sales-open-payments">
            {openPayments.count} · {formatPrice(openPayments.sum)}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-muted-foreground">
            <Link to="/admin/erstattungen" className="underline">
              Offene Erstattungen
            </Link>
          </dt>
          <dd className="mt-1 text-xl font-semibold" data-testid="sales-open-refunds">
            {openRefunds.count} · {formatPrice(openRefunds.sum)}
            {openRefunds.overdue > 0 ? (
              <span className="block text-sm text-destructive">davon {openRefunds.overdue} überfällig</span>
            ) : null}
          </dd>
        </div>
      </dl>
      <figure className="mt-6">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="sales-chart-title"
          className="h-auto w-full max-w-3xl text-primary"
        >
          <title id="sales-chart-title">
            Umsatz je Monat der letzten 12 Monate als Balken; die Zahlen stehen in der Tabelle darunter.
          </title>
          <line x1="0" x2={WIDTH} y1={BASELINE} y2={BASELINE} stroke="currentColor" strokeOpacity="0.4" />
          {months.map((m, i) => {
            const x = i * SLOT + SLOT * 0.2;
            const gross = height(m.grossCents);
            const net = height(m.netCents);
            return (
              <g key={m.month} data-month={m.month}>
                <rect x={x} y={BASELINE - gross} width={SLOT * 0.6} height={gross} fill="currentColor" opacity="0.35" />
                <rect x={x + SLOT * 0.1} y={BASELINE - net} width={SLOT * 0.4} height={net} fill="currentColor" />
                <text
                  x={i * SLOT + SLOT / 2}
                  y={HEIGHT - 12}
                  textAnchor="middle"
                  fontSize="13"
                  fill="currentColor"
                  className="text-foreground"
                >
                  {m.label.split(" ")[0]}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption className="mt-2 text-sm text-muted-foreground">
          Heller Balken: brutto, dunkler Balken: netto. Rechnungen abzüglich Stornos und Korrekturen, nach
          Rechnungsdatum – dieselben Zahlen wie im DATEV-Export.
        </figcaption>
      </figure>
      <div className="mt-6">
        <AdminTable
          caption="Umsatz je Monat"
          stickyFirstColumn
          head={["Monat", "Netto", "Brutto", "Bestellungen", "Neue Mitglieder"]}
        >
          {[...months].reverse().map((m) => (
            <tr key={m.month} data-testid={`sales-month-${m.month}`}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {m.label}
              </th>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatPrice(m.netCents / 100)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatPrice(m.grossCents / 100)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{m.orders}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{m.newMembers}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </section>
  );
}
