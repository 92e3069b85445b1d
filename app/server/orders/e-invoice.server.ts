import { InvoiceService, type FormatFactoryService } from "@e-invoice-eu/core";
import { eInvoiceData } from "~/server/orders/e-invoice-data.server";
import type { InvoiceDocument } from "~/server/orders/invoices.server";
import { logger } from "~/server/platform/log.server";

/**
 * E-invoices through @e-invoice-eu/core: the EN 16931 XML in the CII syntax (what Factur-X /
 * ZUGFeRD embed), XRechnung 3.0 (CII), and the Factur-X PDF: the pdfkit invoice turned into a
 * PDF/A-3 with `factur-x.xml` attached and the Factur-X XMP metadata. Why this way:
 * [decision 0016](../../../docs/decisions/0016-e-invoices.md).
 */

export type EInvoiceXmlFormat = "factur-x" | "xrechnung";

const FORMATS: Record<EInvoiceXmlFormat, string> = {
  // The XML alone of profile EN 16931: the same CII the Factur-X PDF carries (a test compares them).
  "factur-x": "CII",
  xrechnung: "XRECHNUNG-CII",
};

const libraryLogger = {
  log: (message: string) => logger.info("e-invoice", { message }),
  warn: (message: string) => logger.warn("e-invoice", { message }),
  error: (message: string) => logger.error("e-invoice", { message }),
};

type Cii = Record<string, Record<string, Record<string, Record<string, unknown>>>>;
type CiiFormatter = { postProcess?: (cii: Cii) => void };

/**
 * @e-invoice-eu/core 2.3.4 validates BG-3 (preceding invoice, BT-25/BT-26) in its input but its CII
 * mapping reads the number one level too high, so the reference never reaches the XML. Until that is
 * fixed upstream, the reference is added to the finished CII tree (after the monetary summation, where
 * the D16B schema puts it) for the one service that renders this document. The credit-note test fails
 * if the library changes here.
 */
function serviceFor(invoice: InvoiceDocument) {
  const service = new InvoiceService(libraryLogger);
  const preceding = invoice.cancels;
  if (!preceding) return service;
  const factory = (service as unknown as { formatFactoryService: FormatFactoryService }).formatFactoryService;
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, log) => {
    const formatter = create(format, log);
    const cii = formatter as unknown as CiiFormatter;
    const postProcess = cii.postProcess?.bind(formatter);
    if (postProcess) {
      cii.postProcess = (tree) => {
        postProcess(tree);
        const settlement = tree["rsm:CrossIndustryInvoice"]?.["rsm:SupplyChainTradeTransaction"]?.[
          "ram:ApplicableHeaderTradeSettlement"
        ] as Record<string, unknown> | undefined;
        if (!settlement || settlement["ram:InvoiceReferencedDocument"]) return;
        settlement["ram:InvoiceReferencedDocument"] = {
          "ram:IssuerAssignedID": preceding.number,
          ...(preceding.issuedAt
            ? {
                "ram:FormattedIssueDateTime": {
                  "qdt:DateTimeString": preceding.issuedAt.slice(0, 10).replaceAll("-", ""),
                  "qdt:DateTimeString@format": "102",
                },
              }
            : {}),
        };
      };
    }
    return formatter;
  };
  return service;
}

/** The library's schema errors name the business term that is missing or wrong; keep them in the message. */
function explained(error: unknown): never {
  const details = (error as { errors?: { instancePath?: string; message?: string }[] }).errors;
  if (!details) throw error;
  const list = details.map((e) => `${e.instancePath ?? ""} ${e.message ?? ""}`.trim()).join("; ");
  throw new Error(`e-invoice data invalid: ${list}`, { cause: error });
}

/** The e-invoice XML of an invoice; XRechnung's buyer reference (BT-10) is the order number. */
export async function renderEInvoiceXml(invoice: InvoiceDocument, format: EInvoiceXmlFormat): Promise<string> {
  const xml = await serviceFor(invoice)
    .generate(eInvoiceData(invoice), {
      format: FORMATS[format],
      lang: "de-de",
      noWarnings: true,
    })
    .catch(explained);
  return typeof xml === "string" ? xml : Buffer.from(xml).toString("utf8");
}

/** The visual invoice with its Factur-X XML (profile EN 16931) embedded: a PDF/A-3 ZUGFeRD invoice. */
export async function embedFacturX(invoice: InvoiceDocument, visual: Buffer): Promise<Buffer> {
  const pdf = await serviceFor(invoice)
    .generate(eInvoiceData(invoice), {
      format: "Factur-X-EN16931",
      lang: "de-de",
      noWarnings: true,
      pdf: { buffer: new Uint8Array(visual), filename: `${invoice.number}.pdf`, mimetype: "application/pdf" },
    })
    .catch(explained);
  return Buffer.from(pdf as Uint8Array);
}
