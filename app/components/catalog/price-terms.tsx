import { Link, useRouteLoaderData } from "react-router";
import { formatPrice } from "~/lib/format";
import { vatNote, type VatMode } from "~/lib/operator";
import { cn } from "~/components/ui/cn";

/** The shop's VAT mode, from the root loader (the operator's configuration lives on the server). */
export function useVatMode(): VatMode {
  const root = useRouteLoaderData("root") as { vatMode?: VatMode } | undefined;
  return root?.vatMode ?? "regular";
}

/** The configured flat shipping fee per order with a shipped product (0: free shipping). */
export function useShippingFee(): number {
  const root = useRouteLoaderData("root") as { shippingFee?: number } | undefined;
  return root?.shippingFee ?? 0;
}

/** Where the shipping terms are explained (AGB section "Versand und Lieferung"). */
export const SHIPPING_INFO_HREF = "/agb#versand";

/**
 * What a price includes (PAngV § 3): "inkl. MwSt." or the § 19 UStG note, and for a product we
 * send, the shipping terms linked to their explanation: "Versandkostenfrei", or with a configured
 * flat fee "zzgl. 4,90 € Versand" (next to a total that already holds the fee line: "inkl.").
 */
export function PriceTerms({
  shipped = false,
  shippingIncluded = false,
  className,
}: {
  shipped?: boolean;
  /** The amount this stands next to already contains the shipping fee (cart, checkout, order). */
  shippingIncluded?: boolean;
  className?: string;
}) {
  const mode = useVatMode();
  const fee = useShippingFee();
  const shippingLabel =
    fee > 0 ? `${shippingIncluded ? "inkl." : "zzgl."} ${formatPrice(fee)} Versand` : "Versandkostenfrei";
  return (
    <span className={cn("price-terms", className)}>
      {/* One text node before the link: React separates adjacent text expressions with a comment. */}
      {shipped ? (
        <>
          {`${vatNote(mode)} · `}
          {/* On every product card: the footer's "AGB" already lets React Router discover the route. */}
          <Link to={SHIPPING_INFO_HREF} discover="none">
            {shippingLabel}
          </Link>
        </>
      ) : (
        vatNote(mode)
      )}
    </span>
  );
}
