import { Link, useRouteLoaderData } from "react-router";
import { formatCommunityPrice, formatPrice } from "~/lib/format";
import type { ViewerPricing } from "~/lib/membership";
import { cn } from "~/components/ui/cn";
import { PriceTerms } from "~/components/catalog/price-terms";

const VISITOR: ViewerPricing = { planName: null, memberPrices: false, planEnd: null };

/** Whether the viewer pays community prices (the root loader asks the database once per request). */
export function useViewerPricing(): ViewerPricing {
  const root = useRouteLoaderData("root") as { pricing?: ViewerPricing } | undefined;
  return root?.pricing ?? VISITOR;
}

/**
 * Regular and community price (spec §1: community price 0 is 'Inklusive'). The price this viewer
 * pays is marked 'Dein Preis': the community price for members, the regular price for everyone else.
 */
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
  const { memberPrices } = useViewerPricing();
  const yours = <dd className="price-tag">Dein Preis</dd>;
  const amount = size === "lg" ? "price price-lg" : "price";
  return (
    // Side by side where both fit, one above the other where they do not ("Inklusive" in text-2xl on a
    // 320 px detail page), so neither price breaks inside its word. The attribute marks a member's
    // prices for tests, and only those: a list page has one of these per card.
    <dl className={cn("price-list", className)} data-member-prices={memberPrices ? "true" : undefined}>
      <div>
        <dt className="fact-label">Preis</dt>
        <dd className={cn(amount, memberPrices && "text-muted-foreground line-through")}>{formatPrice(price)}</dd>
        {memberPrices ? null : yours}
      </div>
      <div>
        <dt className="fact-label">Community-Preis</dt>
        <dd className={`${amount} text-primary`}>{formatCommunityPrice(communityPrice)}</dd>
        {memberPrices ? yours : null}
      </div>
      <div className="price-note">
        <dt className="sr-only">Preisangaben</dt>
        <dd>
          <PriceTerms shipped={shipped} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * For viewers without community prices (visitors, Free members): which plans bring them, and where
 * to get one. Nothing for those who have them.
 */
export function MemberPriceHint({ className }: { className?: string }) {
  const { memberPrices } = useViewerPricing();
  if (memberPrices) return null;
  return (
    <p className={cn("text-sm text-muted-foreground", className)} data-testid="member-price-hint">
      {"Mit einer Yearly- oder Lifetime-Mitgliedschaft zahlst du den günstigeren Preis. "}
      <Link to="/join" className="font-medium text-primary underline underline-offset-4">
        Mitgliedschaft ansehen
      </Link>
    </p>
  );
}
