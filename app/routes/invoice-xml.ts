import { data } from "react-router";
import type { Route } from "./+types/invoice-xml";
import { isUuid } from "~/lib/uuid";
import { requireUser } from "~/server/members/auth.server";
import { withViewer } from "~/server/db/db.server";
import { renderEInvoiceXml, type EInvoiceXmlFormat } from "~/server/orders/e-invoice.server";
import { getInvoiceDocument } from "~/server/orders/invoices.server";
import { logger } from "~/server/platform/log.server";

/**
 * An invoice as e-invoice XML alone: `/rechnungen/:id/xml` is the EN 16931 CII that the PDF
 * carries (Factur-X / ZUGFeRD), `/rechnungen/:id/xrechnung` the same as XRechnung 3.0 for public
 * buyers. Read as the signed-in viewer like the PDF: RLS lets the order's owner and admins see it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer } = requireUser(context);
  const id = params.invoiceId;
  const format: EInvoiceXmlFormat = new URL(request.url).pathname.endsWith("/xrechnung") ? "xrechnung" : "factur-x";
  const notFound = () => data({ message: "Die Rechnung wurde nicht gefunden." }, { status: 404 });
  if (!isUuid(id)) throw notFound();
  const failed = (error: unknown) => {
    logger.error("invoice xml failed", { id, format, error: (error as Error).message });
    return data({ message: "Die E-Rechnung konnte nicht erstellt werden." }, { status: 500 });
  };
  const invoice = await withViewer(viewer, (tx) => getInvoiceDocument(tx, id)).catch((error: unknown) => {
    throw failed(error);
  });
  if (!invoice) throw notFound();
  const xml = await renderEInvoiceXml(invoice, format).catch((error: unknown) => {
    throw failed(error);
  });
  const suffix = format === "xrechnung" ? "-xrechnung" : "";
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${invoice.number}${suffix}.xml"`,
      "Cache-Control": "private, no-store",
    },
  });
}
