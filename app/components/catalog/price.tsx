import { formatCommunityPrice, formatPrice } from "~/lib/format";
import { cn } from "~/components/ui/cn";
import { PriceTerms } from "./price-terms";

/** Regular and community price (spec §1: community price 0 is 'Inklusive'). */
export function PriceList({
  price,
  communityPrice,
  size = "sm",
  className,
  shipped = false,
}: {
  price: number | null;
  communityPrice: number | null;
  size?: "sm" | "lg";
  className?: string;
  /** A product we send: the shipping terms stand with the price. */
  shipped?: boolean;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-3", className)}>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Preis</dt>
        <dd className={cn("font-semibold", size === "lg" ? "text-2xl" : "text-lg")}>{formatPrice(price)}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Community-Preis</dt>
        <dd className={cn("font-semibold text-primary", size === "lg" ? "text-2xl" : "text-lg")}>
          {formatCommunityPrice(communityPrice)}
        </dd>
      </div>
      <div className="col-span-2 -mt-2">
        <dt className="sr-only">Preisangaben</dt>
        <dd>
          <PriceTerms shipped={shipped} />
        </dd>
      </div>
    </dl>
  );
}
