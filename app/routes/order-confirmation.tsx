import { billingAddressLines } from "~/lib/invoice";
import { data, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/order-confirmation";
import { buttonClass } from "~/components/ui/button";
import { CalendarIcon } from "~/components/ui/icons";
import { PostalAddress } from "~/components/ui/postal-address";
import { PriceTerms } from "~/components/catalog/price-terms";
import { BankTransferBox } from "~/components/order/bank-transfer";
import { orderRecipient } from "~/server/orders/order-mails.server";
import { formatDateTime, formatPrice, orderNumber } from "~/lib/format";
import { signInHref } from "~/lib/safe-redirect";
import { isUuid } from "~/lib/uuid";
import { isMembershipLine } from "~/lib/admin/kinds";
import { getAuth } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { deliveryLines, deliveryOf } from "~/server/orders/delivery-address.server";
import { operator } from "~/server/platform/operator.server";
import { bankTransferFor, girocodeSvg } from "~/server/orders/bank-transfer.server";
import { getOrder } from "~/server/orders/orders.server";
import { receivedFor } from "~/server/orders/record-payment.server";
import { calendarLinks } from "~/server/catalog/calendar.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

export const meta: Route.MetaFunction = () => [
  { title: "Bestellbestätigung – BeHappy" },
  { name: "robots", content: "noindex" },
];

const NO_STORE = cacheHeaders("private");

/** RLS decides: the owner (and admins) see the order; for everyone else it does not exist. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer } = getAuth(context);
  if (!isUuid(params.orderId))
    return data({ state: "not-found" as const, order: null }, { status: 404, headers: NO_STORE });
  // Visitors hold no grant on orders at all. The link in the order mail is often opened signed
  // out: sign in first, then come back here.
  if (viewer.role !== "authenticated") {
    throw redirect(signInHref(`/order-confirmation/${params.orderId}`), { headers: NO_STORE });
  }
  try {
    const found = await withViewer(viewer, async (tx) => {
      const order = await getOrder(tx, params.orderId);
      if (!order) return null;
      return {
        order,
        delivery: await deliveryOf(tx, order.id),
        // A cancelled order's dates are no longer the customer's to keep.
        calendar: order.status === "cancelled" ? {} : await calendarLinks(tx, order.items),
        recipient: await orderRecipient(tx, order.id),
        received: await receivedFor(tx, order.id),
      };
    });
    const order = found?.order;
    if (!found || !order) return data({ state: "not-found" as const, order: null }, { status: 404, headers: NO_STORE });
    const number = orderNumber(order.id);
    const money = { status: order.status, total: order.total_amount, received: found.received };
    // Only what is still open of a pending order: the page is the customer's reference for good.
    const open = Math.round((order.total_amount - found.received) * 100) / 100;
    const transfer = order.status === "pending" ? bankTransferFor({ ...order, total_amount: open }, number) : null;
    const payment = transfer ? { ...transfer, qrSvg: await girocodeSvg(transfer) } : null;
    return data(
      {
        state: "ok" as const,
        order: { ...order, number },
        payment,
        money,
        delivery: found.delivery ? deliveryLines(found.delivery) : null,
        shopEmail: operator().email,
        // The invoice is mailed with the payment only to a confirmed address (else: the dashboard).
        invoiceByMail: found.recipient?.confirmed === true,
        calendar: found.calendar,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error("order confirmation failed to load", { error: (error as Error).message });
    return data({ state: "error" as const, order: null }, { status: 500, headers: NO_STORE });
  }
}

export default function OrderConfirmationPage() {
  const loaded = useLoaderData<typeof loader>();
  const { state } = loaded;
  if (loaded.state !== "ok" || !loaded.order) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Bestellung</h1>
        <p className="mt-4" role="alert">
          {state === "not-found"
            ? "Die Bestellung wurde nicht gefunden."
            : "Die Bestellung konnte nicht geladen werden. Bitte versuche es später erneut."}
        </p>
        <Link to="/" className={buttonClass("outline", "default", "mt-8")}>
          Zur Startseite
        </Link>
      </section>
    );
  }
  const { order } = loaded;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">
        {order.status === "cancelled" ? "Deine Bestellung wurde storniert" : "Vielen Dank für deine Bestellung!"}
      </h1>
      <p className="mt-3 text-muted-foreground">
        Bestellnummer <strong className="text-foreground">{order.number}</strong> vom {formatDateTime(order.created_at)}
        . Eine Bestätigung haben wir an {order.customer_email} geschickt.
      </p>
      <h2 className="mt-10 text-xl font-semibold">Deine Artikel</h2>
      {/*
        On a phone, quantity and unit price stand under the line's price instead of in columns of their
        own; should the table still be wider than the screen, it scrolls inside its labelled region.
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be keyboard-reachable */}
      <div role="region" aria-label="Deine Artikel" tabIndex={0} className="mt-4 overflow-x-auto">
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-border">
              {COLUMNS.map((label, index) => (
                <th
                  key={label}
                  scope="col"
                  className={index === 0 ? "py-2" : `py-2 pl-4 text-right ${COLUMN_CLASS[index]}`}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-border">
                <td className="py-2">{item.item_title}</td>
                <td className={`py-2 pl-4 text-right ${WIDE_ONLY}`}>{item.quantity}</td>
                <td className={`py-2 pl-4 text-right ${WIDE_ONLY}`}>{formatPrice(item.price)}</td>
                <td className="whitespace-nowrap py-2 pl-4 text-right">
                  {formatPrice(item.price * item.quantity)}
                  <span className="block text-sm text-muted-foreground sm:hidden">
                    {item.quantity} × {formatPrice(item.price)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.discount_amount > 0 ? (
              <SumRow
                label={`Gutschein ${order.voucher_code ?? ""}`}
                amount={-order.discount_amount}
                testId="order-discount"
              />
            ) : null}
            {order.shipping_fee > 0 ? (
              <SumRow label="Versand" amount={order.shipping_fee} testId="order-shipping" />
            ) : null}
            <SumRow label="Gesamt" amount={order.total_amount} testId="order-total" total />
            <tr>
              <SpacerCells />
              <td colSpan={2} className="text-right">
                <PriceTerms shipped={loaded.delivery !== null} shippingIncluded />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {Object.keys(loaded.calendar).length > 0 ? (
        <ul className="mt-4 space-y-1" aria-label="Termine">
          {order.items
            .filter((item) => loaded.calendar[item.id])
            .map((item) => (
              <li key={item.id}>
                <a
                  href={loaded.calendar[item.id]}
                  download
                  className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  <CalendarIcon size={18} />
                  In den Kalender eintragen: {item.item_title}
                </a>
              </li>
            ))}
        </ul>
      ) : null}
      <BankTransferBox transfer={loaded.payment} money={loaded.money} invoiceByMail={loaded.invoiceByMail} />
      <h2 className="mt-10 text-xl font-semibold">Rechnungsadresse</h2>
      <PostalAddress className="mt-2" lines={billingAddressLines(order)} />
      {loaded.delivery ? (
        <>
          <h2 className="mt-8 text-xl font-semibold">Lieferadresse</h2>
          <address className="mt-2 not-italic" data-testid="delivery-address">
            {loaded.delivery.map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
        </>
      ) : null}
      <p className="mt-10">
        Fragen zu deiner Bestellung? Schreib uns an{" "}
        <a href={`mailto:${loaded.shopEmail}`} className="underline">
          {loaded.shopEmail}
        </a>
        .
      </p>
      {order.items.some((item) => isMembershipLine(item.item_type, item.item_title)) ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="membership-cancel-hint">
          Eine Mitgliedschaft kannst du jederzeit{" "}
          <Link to="/vertrag-kuendigen" className="underline">
            hier kündigen
          </Link>
          : Yearly zum Ende des bezahlten Jahres. Eine Lifetime-Mitgliedschaft ist einmalig bezahlt; kündigst du sie,
          endet sie zum gewünschten Datum oder sofort; eine Erstattung gibt es nur im Rahmen des Widerrufsrechts.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("default")}>
          Zur Startseite
        </Link>
        <Link to={`/vertrag-widerrufen?bestellung=${orderNumber(order.id)}`} className={buttonClass("ghost")}>
          Vertrag widerrufen
        </Link>
      </div>
    </section>
  );
}

const COLUMNS = ["Artikel", "Menge", "Einzelpreis", "Preis"];
/** Columns a phone leaves out: their values stand under the line's price there. */
const WIDE_ONLY = "hidden sm:table-cell";
const COLUMN_CLASS = ["", WIDE_ONLY, WIDE_ONLY, ""];

/**
 * Under the items, labels stand in the unit price's column and amounts in the price's. A phone
 * leaves out the first two columns' cells, so its label moves to the items' column: every row then
 * has the same two columns, and none runs wider than the screen.
 */
function SpacerCells() {
  return <td colSpan={2} className={WIDE_ONLY} />;
}

/** A line under the items: shipping, or (`total`) the amount to pay. */
function SumRow({
  label,
  amount,
  testId,
  total = false,
}: {
  label: string;
  amount: number;
  testId: string;
  total?: boolean;
}) {
  return (
    <tr className={total ? undefined : "border-b border-border"}>
      <SpacerCells />
      <th scope="row" className={total ? "py-3 text-right" : "py-2 text-right font-normal"}>
        {label}
      </th>
      <td
        className={
          total ? "whitespace-nowrap py-3 pl-4 text-right font-bold" : "whitespace-nowrap py-2 pl-4 text-right"
        }
        data-testid={testId}
      >
        {formatPrice(amount)}
      </td>
    </tr>
  );
}
