import type { Invoice } from "@e-invoice-eu/core";
import { berlinDay } from "~/lib/berlin-time";
import { orderNumber } from "~/lib/format";
import { invoiceSums, sharedSupplyDate, type InvoiceLine } from "~/lib/invoice";
import { normalizeIban } from "~/lib/operator";
import type { InvoiceDocument } from "~/server/orders/invoices.server";

/**
 * The e-invoice (EN 16931) of an invoice, in @e-invoice-eu/core's internal format (UBL names as
 * JSON keys), built from the same InvoiceDocument the PDF prints: seller snapshot, buyer, lines from
 * invoiceLinesOf, VAT per rate from invoiceSums. Only the mapping lives here; the library writes
 * CII / UBL / Factur-X (e-invoice.server.ts).
 *
 * Direction: a document whose printed amounts are negative (a Stornorechnung, a Rechnungskorrektur
 * of returned lines, any later kind with a negative total) is a credit note, type code 381, with
 * positive amounts and a reference to the invoice it cancels or corrects (BT-25/BT-26), as ZUGFeRD
 * and XRechnung expect for credit notes. Everything else is a commercial invoice, 380.
 */

type Party = Invoice["ubl:Invoice"]["cac:AccountingSupplierParty"]["cac:Party"];
type BuyerParty = Invoice["ubl:Invoice"]["cac:AccountingCustomerParty"]["cac:Party"];
type Line = Invoice["ubl:Invoice"]["cac:InvoiceLine"][number];
type TaxCategory = Line["cac:Item"]["cac:ClassifiedTaxCategory"];

export const SMALL_BUSINESS_EXEMPTION = "Kleinunternehmer gemäß § 19 UStG, keine Umsatzsteuer berechnet";

const COUNTRY_CODES: Record<string, string> = {
  deutschland: "DE",
  germany: "DE",
  österreich: "AT",
  austria: "AT",
  schweiz: "CH",
  switzerland: "CH",
  liechtenstein: "LI",
  luxemburg: "LU",
  belgien: "BE",
  niederlande: "NL",
  frankreich: "FR",
  italien: "IT",
  spanien: "ES",
  polen: "PL",
  tschechien: "CZ",
  dänemark: "DK",
};

/** ISO 3166-1 alpha-2 of a country as typed in the address ("Deutschland", "AT"); Germany when unknown. */
export function countryCode(country: string | null | undefined) {
  const value = (country ?? "").trim();
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  return COUNTRY_CODES[value.toLowerCase()] ?? "DE";
}

const amount = (euros: number) => (Math.round(euros * 100) / 100).toFixed(2);
const cents = (euros: number) => Math.round(euros * 100);

/** The lines as the document prints them (Stornos and corrections print theirs negative), then the sign. */
function directedLines(invoice: InvoiceDocument) {
  const printSign = invoice.kind === "invoice" ? 1 : -1;
  const printed = invoice.lines.map((line) => ({ ...line, quantity: line.quantity * printSign }));
  const printedTotal = printed.reduce((sum, l) => sum + cents(l.unitPrice) * l.quantity, 0);
  const creditNote = printedTotal < 0 || invoice.total_amount < 0;
  const direction = creditNote ? -1 : 1;
  // A credit note states what it credits as positive amounts; its type code says the direction.
  const lines: InvoiceLine[] = printed
    .map((l) => ({ ...l, quantity: l.quantity * direction }))
    // A voucher's line lowers the amount: a negative quantity, never a negative price (BR-27).
    .map((l) => (l.unitPrice < 0 ? { ...l, quantity: -l.quantity, unitPrice: -l.unitPrice } : l));
  return { creditNote, lines };
}

function taxCategory(invoice: InvoiceDocument, rate: number): TaxCategory {
  return invoice.vatMode === "small-business"
    ? { "cbc:ID": "E", "cbc:Percent": "0", "cac:TaxScheme": { "cbc:ID": "VAT" } }
    : { "cbc:ID": "S", "cbc:Percent": String(rate), "cac:TaxScheme": { "cbc:ID": "VAT" } };
}

/**
 * Net line amounts (BT-131) from gross prices: each rate's net sum is taken from invoiceSums (as the
 * PDF prints it) and shared out over that rate's lines, the rounding cent going to the last line, so
 * the lines add up to the per-rate taxable amounts exactly (BR-CO-10, BR-S-08).
 */
function netLineAmounts(lines: InvoiceLine[], invoice: InvoiceDocument) {
  const sums = invoiceSums(lines, invoice.vatMode);
  const rateOf = (line: InvoiceLine) => (invoice.vatMode === "small-business" ? 0 : line.vatRate);
  const net = new Array<number>(lines.length).fill(0);
  for (const rate of sums.rates) {
    const members = lines.map((line, n) => ({ line, n })).filter(({ line }) => rateOf(line) === rate.rate);
    let rest = cents(rate.net);
    members.forEach(({ line, n }, k) => {
      const gross = cents(line.unitPrice) * line.quantity;
      const share = k === members.length - 1 ? rest : Math.round((gross * 100) / (100 + rate.rate));
      net[n] = share;
      rest -= share;
    });
  }
  return { sums, net: net.map((c) => c / 100) };
}

/**
 * The net price of a line (BT-146) with two decimals, as the library and most receivers accept it.
 * When the line's net amount does not divide evenly by the quantity, the price is stated for the
 * whole quantity (base quantity BT-149 = quantity), so quantity × price = line amount exactly.
 */
function linePrice(lineNet: number, quantity: number) {
  const lineCents = cents(lineNet);
  if (lineCents % quantity === 0) {
    return { "cbc:PriceAmount": amount(lineCents / quantity / 100), "cbc:PriceAmount@currencyID": "EUR" };
  }
  return {
    "cbc:PriceAmount": amount(lineNet),
    "cbc:PriceAmount@currencyID": "EUR",
    "cbc:BaseQuantity": String(quantity),
    "cbc:BaseQuantity@unitCode": "H87",
  };
}

function seller(invoice: InvoiceDocument): Party {
  const s = invoice.seller;
  const taxSchemes = [
    ...(s.vatId ? [{ "cbc:CompanyID": s.vatId, "cac:TaxScheme": { "cbc:ID": "VAT" } }] : []),
    ...(s.taxNumber ? [{ "cbc:CompanyID": s.taxNumber, "cac:TaxScheme": { "cbc:ID": "FC" } }] : []),
  ];
  return {
    "cbc:EndpointID": s.email,
    "cbc:EndpointID@schemeID": "EM",
    "cac:PartyName": { "cbc:Name": s.company },
    "cac:PostalAddress": {
      "cbc:StreetName": s.street,
      "cbc:CityName": s.city,
      "cbc:PostalZone": s.postalCode,
      "cac:Country": { "cbc:IdentificationCode": countryCode(s.country) },
    },
    ...(taxSchemes.length > 0 ? { "cac:PartyTaxScheme": taxSchemes } : {}),
    "cac:PartyLegalEntity": {
      "cbc:RegistrationName": s.company,
      ...(s.registerNumber ? { "cbc:CompanyID": `${s.registerCourt} ${s.registerNumber}`.trim() } : {}),
    },
    "cac:Contact": {
      "cbc:Name": s.managingDirector || s.company,
      ...(s.phone ? { "cbc:Telephone": s.phone } : {}),
      "cbc:ElectronicMail": s.email,
    },
  } as Party;
}

function buyer(invoice: InvoiceDocument): BuyerParty {
  const o = invoice.order;
  const name = o.company || o.customer_name;
  return {
    ...(o.customer_email ? { "cbc:EndpointID": o.customer_email, "cbc:EndpointID@schemeID": "EM" } : {}),
    "cac:PartyName": { "cbc:Name": name },
    "cac:PostalAddress": {
      ...(o.street ? { "cbc:StreetName": o.street } : {}),
      ...(o.city ? { "cbc:CityName": o.city } : {}),
      ...(o.zipcode ? { "cbc:PostalZone": o.zipcode } : {}),
      "cac:Country": { "cbc:IdentificationCode": countryCode(o.country) },
    },
    ...(o.vat_id ? { "cac:PartyTaxScheme": { "cbc:CompanyID": o.vat_id, "cac:TaxScheme": { "cbc:ID": "VAT" } } } : {}),
    "cac:PartyLegalEntity": { "cbc:RegistrationName": name },
    ...(o.company ? { "cac:Contact": { "cbc:Name": o.customer_name } } : {}),
  } as BuyerParty;
}

/** The payment terms (BT-20), in the words of the PDF: paid, still open, or what is paid back. */
function paymentNote(creditNote: boolean, due: number, reference: string) {
  if (creditNote) {
    return due > 0
      ? "Bereits gezahlte Beträge werden erstattet."
      : "Mit der aufgehobenen Rechnung verrechnet; es wird nichts erstattet.";
  }
  return due > 0
    ? `Zahlbar per Überweisung auf das angegebene Konto, Verwendungszweck ${reference}.`
    : "Der Betrag ist bereits eingegangen; zu zahlen ist nichts mehr.";
}

/**
 * The day of an instant as the PDF and DATEV give it: the Berlin calendar day (an invoice issued at
 * 23:30 UTC on 31 December is dated 1 January), YYYY-MM-DD. Used for BT-2, BT-26, BT-72, BT-134/135.
 */
export function issueDay(issuedAt: string) {
  return berlinDay(new Date(issuedAt));
}

/** BT-72: the invoice's Leistungsdatum, or, when every line has one of its own, the earliest of them. */
function deliveryDate(invoice: InvoiceDocument) {
  const shared = sharedSupplyDate(invoice.lines, invoice.supplyDate);
  if (shared) return shared;
  const starts = invoice.lines.flatMap((line) => (line.service ? [issueDay(line.service.startsAt)] : []));
  return starts.sort()[0] ?? invoice.supplyDate;
}

/** The invoice in the library's internal format; `buyerReference` is BT-10 (XRechnung requires one). */
export function eInvoiceData(invoice: InvoiceDocument, buyerReference?: string): Invoice {
  const { creditNote, lines } = directedLines(invoice);
  const { sums, net } = netLineAmounts(lines, invoice);
  const small = invoice.vatMode === "small-business";
  const issueDate = issueDay(invoice.issued_at);
  const orderRef = orderNumber(invoice.order_id);
  // What needs no more payment (BT-113) and what is still open (BT-115): a buyer's accounts payable
  // pays the due amount, so a paid invoice must say 0.00 there. Both are positive in a credit note.
  const prepaid = Math.min(cents(sums.gross), Math.max(0, cents(invoice.settledAtIssue))) / 100;
  const due = (cents(sums.gross) - cents(prepaid)) / 100;
  const subtotals = sums.rates.map((rate) => ({
    "cbc:TaxableAmount": amount(rate.net),
    "cbc:TaxableAmount@currencyID": "EUR",
    "cbc:TaxAmount": amount(rate.vat),
    "cbc:TaxAmount@currencyID": "EUR",
    "cac:TaxCategory": {
      ...taxCategory(invoice, rate.rate),
      ...(small ? { "cbc:TaxExemptionReason": SMALL_BUSINESS_EXEMPTION } : {}),
    },
  }));
  const data = {
    "ubl:Invoice": {
      "cbc:ID": invoice.number,
      "cbc:IssueDate": issueDate,
      "cbc:InvoiceTypeCode": creditNote ? "381" : "380",
      ...(small ? { "cbc:Note": [SMALL_BUSINESS_EXEMPTION] } : {}),
      "cbc:DocumentCurrencyCode": "EUR",
      "cbc:BuyerReference": buyerReference ?? orderRef,
      ...(invoice.cancels
        ? {
            "cac:BillingReference": [
              {
                "cac:InvoiceDocumentReference": {
                  "cbc:ID": invoice.cancels.number,
                  ...(invoice.cancels.issuedAt ? { "cbc:IssueDate": issueDay(invoice.cancels.issuedAt) } : {}),
                },
              },
            ],
          }
        : {}),
      "cac:AccountingSupplierParty": { "cac:Party": seller(invoice) },
      "cac:AccountingCustomerParty": { "cac:Party": buyer(invoice) },
      // BT-72: the invoice's Leistungsdatum, or, when every line has its own, the first of them.
      "cac:Delivery": { "cbc:ActualDeliveryDate": deliveryDate(invoice) },
      "cac:PaymentMeans": [
        {
          "cbc:PaymentMeansCode": "58",
          "cbc:PaymentMeansCode@name": "SEPA-Überweisung",
          // The Verwendungszweck the confirmation page, the mails and the GiroCode give (BT-83).
          "cbc:PaymentID": orderRef,
          "cac:PayeeFinancialAccount": {
            "cbc:ID": normalizeIban(invoice.seller.bank.iban),
            "cbc:Name": invoice.seller.bank.holder || invoice.seller.company,
            ...(invoice.seller.bank.bic
              ? { "cac:FinancialInstitutionBranch": { "cbc:ID": invoice.seller.bank.bic } }
              : {}),
          },
        },
      ],
      "cac:PaymentTerms": {
        "cbc:Note": paymentNote(creditNote, due, orderRef),
      },
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(sums.vat),
          "cbc:TaxAmount@currencyID": "EUR",
          "cac:TaxSubtotal": subtotals,
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(sums.net),
        "cbc:LineExtensionAmount@currencyID": "EUR",
        "cbc:TaxExclusiveAmount": amount(sums.net),
        "cbc:TaxExclusiveAmount@currencyID": "EUR",
        "cbc:TaxInclusiveAmount": amount(sums.gross),
        "cbc:TaxInclusiveAmount@currencyID": "EUR",
        "cbc:PrepaidAmount": amount(prepaid),
        "cbc:PrepaidAmount@currencyID": "EUR",
        "cbc:PayableAmount": amount(due),
        "cbc:PayableAmount@currencyID": "EUR",
      },
      "cac:InvoiceLine": lines.map((line, n) => ({
        "cbc:ID": String(n + 1),
        "cbc:InvoicedQuantity": String(line.quantity),
        "cbc:InvoicedQuantity@unitCode": "H87",
        "cbc:LineExtensionAmount": amount(net[n]),
        "cbc:LineExtensionAmount@currencyID": "EUR",
        // BT-134/BT-135: when this line's event or course takes place, or its membership's term.
        ...(line.service
          ? {
              "cac:InvoicePeriod": {
                "cbc:StartDate": issueDay(line.service.startsAt),
                "cbc:EndDate": issueDay(line.service.endsAt ?? line.service.startsAt),
              },
            }
          : {}),
        "cac:Item": { "cbc:Name": line.title, "cac:ClassifiedTaxCategory": taxCategory(invoice, line.vatRate) },
        "cac:Price": linePrice(net[n], line.quantity),
      })),
    },
  };
  return data as unknown as Invoice;
}
