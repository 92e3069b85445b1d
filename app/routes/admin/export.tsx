import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/export";
import { AdminErrorNotice, AdminPageHeader, AdminTable, cellClass, EMPTY_TEXT } from "~/components/admin/admin-list";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate, formatPrice, orderNumber } from "~/lib/format";
import { documentCountText, invoiceKindText } from "~/lib/invoice";
import { withViewer } from "~/server/db/db.server";
import { adminFailure, requireAdmin } from "~/server/members/admin-guard.server";
import { exportRangeOf, invoicesInRange } from "~/server/orders/datev-export.server";
import { datevSettings } from "~/server/platform/operator.server";

export const meta: Route.MetaFunction = () => [{ title: "Export für die Buchhaltung – BeHappy Admin" }];

/**
 * /admin/export: the period (a month or from/to, GET: choosing one changes nothing), the invoices
 * in it and the two downloads, the DATEV Buchungsstapel and the ZIP of the invoice PDFs (resource
 * routes admin/export/buchungsstapel.csv and admin/export/rechnungen.zip, same query string).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context, request);
  const range = exportRangeOf(request);
  const settings = datevSettings();
  const setup = {
    frame: settings.frame,
    consultant: settings.consultantNumber,
    client: settings.clientNumber,
    accounts: settings.accounts,
  };
  // What was typed comes back into the fields, so a refused range can be corrected, not retyped.
  const params = new URL(request.url).searchParams;
  const typed = { von: params.get("von")?.slice(0, 10) ?? "", bis: params.get("bis")?.slice(0, 10) ?? "" };
  if (!range.ok) return { range, setup, typed, invoices: [], error: null };
  try {
    const invoices = await withViewer(viewer, (tx) => invoicesInRange(tx, range));
    return {
      range,
      setup,
      typed,
      invoices: invoices.map((i) => ({
        id: i.id,
        number: i.number,
        kind: i.kind,
        orderId: i.orderId,
        issuedDay: i.issuedDay,
        cancels: i.cancels,
        totalAmount: i.totalAmount,
      })),
      error: null,
    };
  } catch (error) {
    return { range, setup, typed, invoices: [], error: adminFailure("Fehler beim Laden der Rechnungen", error) };
  }
}

// Long German labels wrap on a phone instead of widening the page (! beats the base nowrap).
const WRAP = "whitespace-normal! text-center";

export default function AdminExport() {
  const { range, setup, typed, invoices, error } = useLoaderData<typeof loader>();
  const month = range.month;
  const from = typed.von;
  const to = typed.bis;
  const total = invoices.reduce((sum, i) => sum + Math.round(i.totalAmount * 100), 0) / 100;
  // A refused period names the fields it concerns (aria-invalid, the message under them, focus on
  // the first one without JavaScript), besides the notice below.
  const periodErrors = !range.ok && (from || to) ? [range.error] : null;
  const monthErrors = !range.ok && !(from || to) ? [range.error] : null;
  return (
    <>
      <AdminPageHeader
        title="Export für die Buchhaltung"
        description="Der DATEV-Buchungsstapel und die Rechnungen als PDF für einen Monat oder einen Zeitraum."
        error={error}
      />
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-4">
          <Field
            label="Monat"
            type="month"
            name="monat"
            defaultValue={month ?? ""}
            key={`m-${month}`}
            placeholder="JJJJ-MM"
            className="min-w-40 flex-1"
            errors={monthErrors}
          />
          <Button type="submit" variant="outline">
            Monat wählen
          </Button>
        </Form>
        <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-4">
          <Field
            label="Von"
            type="date"
            name="von"
            defaultValue={from}
            key={`v-${from}`}
            className="min-w-36 flex-1"
            errors={periodErrors}
          />
          <Field
            label="Bis"
            type="date"
            name="bis"
            defaultValue={to}
            key={`b-${to}`}
            className="min-w-36 flex-1"
            errors={periodErrors}
          />
          <Button type="submit" variant="outline">
            Zeitraum wählen
          </Button>
        </Form>
      </div>
      {range.ok ? (
        <section className="mt-8 space-y-4" aria-labelledby="export-period">
          <h2 id="export-period" className="text-xl font-semibold">
            Zeitraum: {range.label}
          </h2>
          <p className="text-muted-foreground">
            {documentCountText(invoices.map((i) => i.kind))}; Summe {formatPrice(total)}.
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              className={buttonClass("default", "default", WRAP)}
              href={`/admin/export/buchungsstapel.csv?${range.query}`}
              download
            >
              Buchungsstapel (DATEV) herunterladen
            </a>
            <a
              className={buttonClass("outline", "default", WRAP)}
              href={`/admin/export/rechnungen.zip?${range.query}`}
              download
            >
              Rechnungen als ZIP herunterladen
            </a>
          </div>
          <p className="text-sm text-muted-foreground">
            Kontenrahmen {setup.frame}, Beraternummer {setup.consultant}, Mandantennummer {setup.client}. Debitor{" "}
            {setup.accounts.debtor}, Erlöse 19 % {setup.accounts.revenue19}, 7 % {setup.accounts.revenue7}, ohne USt{" "}
            {setup.accounts.revenue0}.
          </p>
          {invoices.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
              {EMPTY_TEXT}
            </p>
          ) : (
            <AdminTable caption={`Rechnungen ${range.label}`} head={["Nummer", "Art", "Datum", "Bestellung", "Betrag"]}>
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td className={cellClass}>{i.number}</td>
                  <td className={cellClass}>{invoiceKindText(i.kind, i.cancels)}</td>
                  <td className={cellClass}>{formatDate(`${i.issuedDay}T12:00:00Z`)}</td>
                  <td className={cellClass}>{orderNumber(i.orderId)}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(i.totalAmount)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
      ) : (
        <AdminErrorNotice message={range.error} description="Bitte wähle einen anderen Zeitraum." />
      )}
    </>
  );
}
