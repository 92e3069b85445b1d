import type { OrderStatus } from "~/lib/admin/kinds";
import { withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { getInvoiceDocument, latestInvoiceOfOrder } from "~/server/orders/invoices.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { orderNumber } from "~/lib/format";
import { buildOrderConfirmationMail } from "~/server/orders/order-confirmation-mail.server";
import { buildOrderCancelledMail, buildPaymentReceivedMail } from "~/server/orders/order-status-mail.server";
import { operator } from "~/server/platform/operator.server";
import { setOrderStatus } from "~/server/orders/admin-orders.server";
import type { OrderWithItems } from "~/server/orders/orders.server";
import { deliveryLines, type Delivery } from "~/server/orders/delivery-address.server";
import { bankTransferFor, girocodePng } from "~/server/orders/bank-transfer.server";

/** The order mail with payment details and the GiroCode as an inline image. */
export async function orderConfirmationMailFor(order: OrderWithItems, delivery: Delivery = null) {
  const transfer = bankTransferFor(order, orderNumber(order.id));
  const png = transfer ? await girocodePng(transfer) : null;
  return buildOrderConfirmationMail({
    order,
    operator: operator(),
    transfer,
    girocodePng: png,
    delivery: delivery ? deliveryLines(delivery) : null,
  });
}

/**
 * Changes an order's status and, when it really changed, queues the customer's mail in the same
 * transaction: "Zahlung eingegangen" with the invoice the completion issued (SQL trigger), or
 * "Bestellung storniert" (with the cancellation invoice when there was an invoice). Returns the
 * status before, or null when the order is unknown (or not visible to this viewer).
 */
export async function changeOrderStatus(viewer: Viewer, orderId: string, status: OrderStatus) {
  return withViewer(viewer, async (tx) => {
    const previous = await setOrderStatus(tx, orderId, status);
    if (previous !== null && previous !== status) await queueOrderStatusMail(tx, orderId, status);
    return previous;
  });
}

async function queueOrderStatusMail(tx: Tx, orderId: string, status: OrderStatus) {
  if (status === "pending") return;
  const order = await tx
    .selectFrom("orders")
    .select(["id", "customer_name", "customer_email", "total_amount"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const invoice = await latestInvoiceOfOrder(tx, orderId);
  const mailOrder = { ...order, number: orderNumber(order.id), total_amount: Number(order.total_amount) };
  const ref = async (kind: "invoice" | "cancellation") => {
    if (invoice?.kind !== kind) return null;
    const document = await getInvoiceDocument(tx, invoice.id);
    if (!document) throw new Error("invoice not readable");
    const pdf = (await renderInvoicePdf(document)).toString("base64");
    return { number: invoice.number, issued_at: invoice.issued_at, pdf };
  };
  if (status === "completed") {
    const paid = await ref("invoice");
    if (!paid) throw new Error("completed order without invoice");
    const mail = buildPaymentReceivedMail({ order: mailOrder, invoice: paid, operator: operator() });
    await enqueueMail(tx, { to: order.customer_email, ...mail });
  } else {
    const cancellation = await ref("cancellation");
    const mail = buildOrderCancelledMail({ order: mailOrder, cancellation, operator: operator() });
    await enqueueMail(tx, { to: order.customer_email, ...mail });
  }
}
