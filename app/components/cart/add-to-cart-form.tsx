import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { Button } from "~/components/ui/button";
import type { CartItemType } from "~/lib/cart";
import { QuantityInput } from "~/components/cart/quantity-input";

export const ADDED_CONFIRMATION_MS = 3000;

/**
 * Add to cart: a plain POST to /cart that comes back to this page (without JavaScript), or a
 * fetcher that stays here and confirms 'In Warenkorb hinzugefügt!' for 3 s (with JavaScript).
 */
export function AddToCartForm({
  itemId,
  itemType,
  title,
  withQuantity = false,
  seatsLeft = null,
}: {
  itemId: string;
  itemType: CartItemType;
  title: string;
  withQuantity?: boolean;
  /** An event's free seats (null: no limit): the field's maximum. */
  seatsLeft?: number | null;
}) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const location = useLocation();
  const hydrated = useHydrated();
  // Each answer is a new object: a successful one is confirmed until its 3 s are over.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [expired, setExpired] = useState<typeof answer>();
  const added = Boolean(answer?.ok) && answer !== expired;
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setExpired(answer), ADDED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [added, answer]);

  const busy = added || fetcher.state !== "idle";
  const quantityId = `quantity-${itemType}-${itemId}`;
  return (
    <fetcher.Form method="post" action="/cart" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="itemType" value={itemType} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {withQuantity ? (
        <div>
          <label htmlFor={quantityId} className="block text-sm font-medium">
            Menge
          </label>
          <QuantityInput
            id={quantityId}
            min={1}
            defaultValue={1}
            required
            seatsLeft={seatsLeft}
            className="min-h-11 w-24 rounded-md border border-input bg-background px-3"
          />
        </div>
      ) : null}
      <Button type="submit" size="lg" pending={busy} aria-label={added ? undefined : `${title} in den Warenkorb legen`}>
        {added ? "In Warenkorb hinzugefügt!" : "In den Warenkorb"}
      </Button>
      <span role="status" className="sr-only">
        {added ? `${title} wurde in den Warenkorb gelegt.` : ""}
      </span>
    </fetcher.Form>
  );
}
