/**
 * The e-invoice downloads next to an invoice's PDF link: the EN 16931 XML (the same the PDF
 * carries) and XRechnung for public-sector buyers. Plain links: they work without JavaScript.
 */
export function EInvoiceLinks({ invoice }: { invoice: { id: string; number: string } }) {
  return (
    <span className="text-muted-foreground">
      (
      <a href={`/rechnungen/${invoice.id}/xml`} download={`${invoice.number}.xml`} className="underline">
        E-Rechnung {invoice.number} (XML)
      </a>
      ,{" "}
      <a
        href={`/rechnungen/${invoice.id}/xrechnung`}
        download={`${invoice.number}-xrechnung.xml`}
        className="underline"
      >
        XRechnung {invoice.number} (XML)
      </a>
      )
    </span>
  );
}
