import { data } from "react-router";
import type { Route } from "./+types/invoice-pdf";
import { isUuid } from "~/lib/uuid";
import { requireUser } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { getInvoiceDocument } from "~/server/orders/invoices.server";
import { logger } from "~/server/platform/log.server";

/** An invoice as PDF, read as the signed-in viewer: RLS lets the order's owner and admins see it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer } = requireUser(context);
  const id = params.invoiceId;
  const notFound = () => data({ message: "Die Rechnung wurde nicht gefunden." }, { status: 404 });
  if (!isUuid(id)) throw notFound();
  const failed = (error: unknown) => {
    logger.error("invoice pdf failed", { id, error: (error as Error).message });
    return data({ message: "Die Rechnung konnte nicht erstellt werden." }, { status: 500 });
  };
  const invoice = await withViewer(viewer, (tx) => getInvoiceDocument(tx, id)).catch((error: unknown) => {
    throw failed(error);
  });
  if (!invoice) throw notFound();
  const pdf = await renderInvoicePdf(invoice).catch((error: unknown) => {
    throw failed(error);
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
