import { InvoiceService, type FormatFactoryService } from "@e-invoice-eu/core";
import { formatDate } from "~/lib/format";
import { INVOICE_KIND_LABEL } from "~/lib/invoice";
import { eInvoiceData, issueDay } from "~/server/orders/e-invoice-data.server";
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
/** The part of xmlbuilder2's node the XMP is written with. */
type XmlNode = { ele: (name: string, attributes?: Record<string, string>) => XmlNode; txt: (text: string) => XmlNode };
type XmpMeta = { now: string; producer: string };
type FacturXFormatter = {
  createPDFA?: (pdf: PdfInfo, options: unknown, invoice: unknown) => Promise<void>;
  addPdfPurl: (node: XmlNode, meta: XmpMeta) => void;
  addProducer: (node: XmlNode, meta: XmpMeta) => void;
  addXap: (node: XmlNode, meta: XmpMeta) => void;
};
/** pdf-lib's PDFDocument, as far as the metadata goes. */
type PdfInfo = {
  setTitle: (title: string, options?: { showInWindowTitleBar: boolean }) => void;
  setSubject: (subject: string) => void;
  setAuthor: (author: string) => void;
  setCreator: (creator: string) => void;
  setKeywords: (keywords: string[]) => void;
  setLanguage: (language: string) => void;
};

/** The language of every e-invoice and its PDF (BCP 47, as PDF readers and screen readers expect it). */
const LANGUAGE = "de-DE";

/** The PDF's document information in German, the language the invoice is written in. */
export function pdfMetadataOf(invoice: InvoiceDocument) {
  const label = INVOICE_KIND_LABEL[invoice.kind];
  const company = invoice.seller.company;
  const refers = invoice.cancels ? ` zur Rechnung ${invoice.cancels.number}` : "";
  return {
    title: `${label} ${invoice.number}`,
    subject: `${label} ${invoice.number} vom ${formatDate(invoice.issued_at)}${refers}, ausgestellt von ${company}`,
    author: company,
    creator: `Onlineshop von ${company}`,
    keywords: [label, "E-Rechnung", "ZUGFeRD", "Factur-X"],
  };
}

/**
 * @e-invoice-eu/core 2.3.4 writes the PDF's document information and its XMP in English ("Invoice
 * RE-… issued by …", its own name as creator), whatever language it is given. The invoice is
 * German, so its title, subject, author, creator and keywords are set again after the library's
 * (the document information) and in its place (the XMP, which PDF/A-3 requires to say the same).
 */
function germanMetadata(formatter: FacturXFormatter, invoice: InvoiceDocument) {
  const createPDFA = formatter.createPDFA?.bind(formatter);
  if (!createPDFA) return;
  const meta = pdfMetadataOf(invoice);
  formatter.addPdfPurl = (node, { now }) => {
    const dc = node.ele("rdf:Description", { "xmlns:dc": "http://purl.org/dc/elements/1.1/", "rdf:about": "" });
    dc.ele("dc:format").txt("application/pdf");
    dc.ele("dc:title").ele("rdf:Alt").ele("rdf:li", { "xml:lang": "x-default" }).txt(meta.title);
    dc.ele("dc:date").ele("rdf:Seq").ele("rdf:li").txt(now);
    dc.ele("dc:creator").ele("rdf:Seq").ele("rdf:li").txt(meta.author);
    dc.ele("dc:description").ele("rdf:Alt").ele("rdf:li", { "xml:lang": "x-default" }).txt(meta.subject);
    dc.ele("dc:language").ele("rdf:Bag").ele("rdf:li").txt(LANGUAGE);
  };
  formatter.addProducer = (node, { producer }) => {
    const pdf = node.ele("rdf:Description", { "xmlns:pdf": "http://ns.adobe.com/pdf/1.3/", "rdf:about": "" });
    pdf.ele("pdf:Producer").txt(producer);
    pdf.ele("pdf:Keywords").txt(meta.keywords.join(", "));
    pdf.ele("pdf:PDFVersion").txt("1.7");
  };
  formatter.addXap = (node, { now }) => {
    const xmp = node.ele("rdf:Description", { "xmlns:xmp": "http://ns.adobe.com/xap/1.0/", "rdf:about": "" });
    xmp.ele("xmp:CreatorTool").txt(meta.creator);
    for (const name of ["xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"]) xmp.ele(name).txt(now);
  };
  formatter.createPDFA = async (pdf, options, data) => {
    await createPDFA(pdf, options, data);
    pdf.setTitle(meta.title, { showInWindowTitleBar: true });
    pdf.setSubject(meta.subject);
    pdf.setAuthor(meta.author);
    pdf.setCreator(meta.creator);
    pdf.setKeywords(meta.keywords);
    pdf.setLanguage(LANGUAGE);
  };
}

/**
 * Two narrow patches of @e-invoice-eu/core 2.3.4, for the one service that renders this document.
 *
 * It validates BG-3 (preceding invoice, BT-25/BT-26) in its input but its CII mapping reads the
 * number one level too high, so the reference never reaches the XML. Until that is fixed upstream,
 * the reference is added to the finished CII tree (after the monetary summation, where the D16B
 * schema puts it). The credit-note test fails if the library changes here.
 *
 * And the Factur-X PDF gets German metadata (germanMetadata).
 */
function serviceFor(invoice: InvoiceDocument) {
  const service = new InvoiceService(libraryLogger);
  const preceding = invoice.cancels;
  const factory = (service as unknown as { formatFactoryService: FormatFactoryService }).formatFactoryService;
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, log) => {
    const formatter = create(format, log);
    germanMetadata(formatter as unknown as FacturXFormatter, invoice);
    const cii = formatter as unknown as CiiFormatter;
    const postProcess = cii.postProcess?.bind(formatter);
    if (preceding && postProcess) {
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
                  "qdt:DateTimeString": issueDay(preceding.issuedAt).replaceAll("-", ""),
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
      lang: LANGUAGE,
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
      lang: LANGUAGE,
      noWarnings: true,
      pdf: { buffer: new Uint8Array(visual), filename: `${invoice.number}.pdf`, mimetype: "application/pdf" },
    })
    .catch(explained);
  return Buffer.from(pdf as Uint8Array);
}
