import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";

/** The renewal as a loader passes it (app/server/members/renewal.server.ts). */
export interface RenewalOfferView {
  productId: string;
  planName: string;
  renewableFrom: string;
  open: boolean;
}

/**
 * "Mitgliedschaft verlängern" from 30 days before the end: a plain POST to the cart (the same
 * "plan" intent as a plan card; the cart checks the rule again), which then shows the cart on the
 * way to the checkout. Works without JavaScript. Before the window it says from when.
 */
export function RenewalOffer({ offer, className }: { offer: RenewalOfferView; className?: string }) {
  if (!offer.open) {
    return (
      <p className={className} data-testid="renewal-from">
        Verlängern kannst du ab dem {formatDate(offer.renewableFrom)}.
      </p>
    );
  }
  return (
    <div className={className} data-testid="renewal-offer">
      <p>Verlängere deine {offer.planName}-Mitgliedschaft jetzt: die neue Laufzeit beginnt am Ende der laufenden.</p>
      <Form method="post" action="/cart" className="mt-3">
        <input type="hidden" name="intent" value="plan" />
        <input type="hidden" name="planId" value={offer.productId} />
        <input type="hidden" name="redirectTo" value="/cart" />
        <Button type="submit" size="sm">
          Mitgliedschaft verlängern
        </Button>
      </Form>
    </div>
  );
}
