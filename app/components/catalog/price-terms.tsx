import { Link, useRouteLoaderData } from "react-router";
import { vatNote, type VatMode } from "~/lib/operator";
import { cn } from "~/components/ui/cn";

/** The shop's VAT mode, from the root loader (the operator's configuration lives on the server). */
export function useVatMode(): VatMode {
  const root = useRouteLoaderData("root") as { vatMode?: VatMode } | undefined;
  return root?.vatMode ?? "regular";
}

/** Where the shipping terms are explained (AGB section "Versand und Lieferung"). */
export const SHIPPING_INFO_HREF = "/agb#versand";

/**
 * What a price includes (PAngV § 3): "inkl. MwSt." or the § 19 UStG note, and for a product we
 * send, the shipping terms linked to their explanation. Shipping is free, so no "zzgl. Versand".
 */
export function PriceTerms({ shipped = false, className }: { shipped?: boolean; className?: string }) {
  const mode = useVatMode();
  return (
    <span className={cn("text-xs text-muted-foreground", className)} data-testid="price-terms">
      {vatNote(mode)}
      {shipped ? (
        <>
          {" · "}
          <Link to={SHIPPING_INFO_HREF} className="underline underline-offset-2">
            Versandkostenfrei
          </Link>
        </>
      ) : null}
    </span>
  );
}
