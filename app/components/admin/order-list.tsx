import { Link, useSearchParams } from "react-router";
import { orderStatusLabel, orderStatusVariant } from "~/lib/admin/kinds";
import { listHref, type AdminNotice } from "~/lib/admin/list-params";
import type { AdminOrderPage, AdminOrderRow } from "~/lib/admin/orders";
import { countOf, formatDateTime, formatPrice, shortId } from "~/lib/format";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { AdminFilterNav, AdminList, AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { AskFirst, ConfirmCancel, ConfirmPaid, PAYMENT_RECEIVED } from "~/components/admin/order-status-form";
import { BreakableAddress, BreakableName } from "~/components/breakable-address";
import { useRefocusAfterChange } from "~/components/use-refocus";

const PATH = "/admin/orders";
const OPEN_PAYMENTS = { value: "open", labels: ["Alle Bestellungen", "Offene Zahlungen"] } as const;

/** All orders or the open payments (?filter=open, with their sum), searchable and paged. */
export function OrderList({ list, open, error }: { list: AdminOrderPage; open: boolean; error: AdminNotice | null }) {
  const filter = open ? OPEN_PAYMENTS.value : undefined;
  const here = listHref(PATH, { q: list.q, page: list.page }, { filter });
  const [searchParams] = useSearchParams();
  const toCancel = list.rows.find((r) => r.id === searchParams.get("cancel") && r.status !== "cancelled");
  const toConfirmPaid = list.rows.find((r) => r.id === searchParams.get("paid") && r.status !== "completed");
  const description = `${countOf(list.total, "Bestellung", "Bestellungen")}${open ? " mit offener Zahlung" : ""}, neueste zuerst`;
  return (
    <>
      <AdminPageHeader title="Bestellungen" description={description} error={error} />
      <AdminFilterNav path={PATH} q={list.q} filter={OPEN_PAYMENTS} active={open}>
        {list.openSum !== null ? (
          <p className="ml-2 font-semibold" data-testid="open-sum">
            Summe offener Zahlungen: {formatPrice(list.openSum)}
          </p>
        ) : null}
      </AdminFilterNav>
      <AdminList searchLabel="Nach Name oder E-Mail suchen" list={list} path={PATH} keep={{ filter }}>
        <AdminTable
          caption="Bestellungen"
          head={["Bestellung", "Kunde", "E-Mail", "Betrag", "Status", "Datum", "Aktionen"]}
        >
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <Link
                  to={listHref(PATH, { q: list.q, page: list.page }, { order: row.id, filter })}
                  aria-label={`${shortId(row.id)} Details anzeigen`}
                  className="font-mono underline"
                >
                  {shortId(row.id)}
                </Link>
              </td>
              <td className={cellClass}>
                <BreakableName text={row.customer_name} />
              </td>
              <td className={`${cellClass} break-words`}>
                <BreakableAddress text={row.customer_email} />
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(row.total_amount)}</td>
              <td className={cellClass}>
                <Badge variant={orderStatusVariant(row.status)} data-testid="order-status">
                  {orderStatusLabel(row.status)}
                </Badge>
                {row.payment_overdue ? (
                  <Badge variant="destructive" className="mt-1">
                    Zahlung überfällig
                  </Badge>
                ) : null}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.created_at)}</td>
              <td className={cellClass}>
                <OrderActions row={row} here={here} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminList>
      {toCancel ? <ConfirmCancel row={toCancel} closeHref={here} /> : null}
      {toConfirmPaid ? <ConfirmPaid row={toConfirmPaid} closeHref={here} /> : null}
    </>
  );
}

/**
 * A row's menu of status actions; both ask first (a GET that opens the dialog, also without JS).
 * "Zahlung eingegangen" turns disabled once done, which would leave keyboard focus on a disabled
 * button: it then waits on the menu's summary.
 */
function OrderActions({ row, here }: { row: AdminOrderRow; here: string }) {
  const summary = useRefocusAfterChange<HTMLElement>(row.status);
  return (
    <details className="group">
      <summary
        ref={summary}
        aria-label={`Aktionen für Bestellung ${shortId(row.id)}`}
        className={buttonClass("ghost", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
      >
        Aktionen
      </summary>
      <div className="mt-1 flex flex-col gap-1">
        <AskFirst
          id={row.id}
          here={here}
          ask="paid"
          label={PAYMENT_RECEIVED}
          disabled={row.status === "completed"}
          variant="ghost"
        />
        <AskFirst
          id={row.id}
          here={here}
          ask="cancel"
          label="Stornieren"
          disabled={row.status === "cancelled"}
          variant="ghost"
        />
      </div>
    </details>
  );
}
