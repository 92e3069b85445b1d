import type { OrderStatus } from "../../lib/admin/kinds";
import { withViewer, type Viewer } from "../db/db.server";
import { renderInvoicePdf } from "../invoice/invoice-pdf.server";
import { getInvoiceDocument, latestInvoiceOfOrder } from "../invoice/invoices.server";
import { logger } from "../log.server";
import { sendMail } from "../mail.server";
import { buildOrderConfirmationMail, orderNumber } from "../mail/order-mail.server";
import { buildOrderCancelledMail, buildPaymentReceivedMail } from "../mail/order-status-mail.server";
import { operator } from "../operator.server";
import type { OrderWithItems } from "../queries/orders.server";
import { deliveryLines, type Delivery } from "../orders/delivery-address.server";
import { bankTransferFor, girocodePng } from "./bank-transfer.server";

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

async function invoicePdfBase64(viewer: Viewer, invoiceId: string) {
  const document = await withViewer(viewer, (tx) => getInvoiceDocument(tx, invoiceId));
  if (!document) throw new Error("invoice not readable");
  return (await renderInvoicePdf(document, operator())).toString("base64");
}

/**
 * After a status change has committed: "Zahlung eingegangen" with the invoice, or "Bestellung
 * storniert" (with the cancellation invoice when there was an invoice). A failed mail is logged;
 * the status change stands.
 */
export async function sendOrderStatusMail(viewer: Viewer, orderId: string, status: OrderStatus) {
  if (status === "pending") return;
  try {
    const found = await withViewer(viewer, async (tx) => {
      const order = await tx
        .selectFrom("orders")
        .select(["id", "customer_name", "customer_email", "total_amount"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      return order ? { order, invoice: await latestInvoiceOfOrder(tx, orderId) } : null;
    });
    if (!found) return;
    const { order, invoice } = found;
    const mailOrder = { ...order, number: orderNumber(order.id), total_amount: Number(order.total_amount) };
    const ref = async (kind: "invoice" | "cancellation") =>
      invoice?.kind === kind
        ? { number: invoice.number, issued_at: invoice.issued_at, pdf: await invoicePdfBase64(viewer, invoice.id) }
        : null;
    if (status === "completed") {
      const paid = await ref("invoice");
      if (!paid) throw new Error("completed order without invoice");
      await sendMail({
        to: order.customer_email,
        ...buildPaymentReceivedMail({ order: mailOrder, invoice: paid, operator: operator() }),
      });
    } else {
      const cancellation = await ref("cancellation");
      await sendMail({
        to: order.customer_email,
        ...buildOrderCancelledMail({ order: mailOrder, cancellation, operator: operator() }),
      });
    }
  } catch (error) {
    logger.error("order status mail failed", { orderId, status, error: (error as Error).message });
  }
}
