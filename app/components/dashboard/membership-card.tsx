import { Link } from "react-router";
import { RenewalOffer, type RenewalOfferView } from "~/components/cart/renewal-offer";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { membershipEndSentence, type MembershipStatus } from "~/lib/membership";

/**
 * The member's plan, since and until, and how it ends ("endet am …", "gekündigt zum …"); an ordered
 * but unpaid plan says when it starts. A Yearly plan offers its renewal from 30 days before the end.
 */
export function MembershipCard({
  membership,
  renewal = null,
}: {
  membership: MembershipStatus | null;
  renewal?: RenewalOfferView | null;
}) {
  const active = membership?.active === true;
  const expired = membership?.plan && !active;
  const end = active && membership ? membershipEndSentence(membership.name, membership) : null;
  // A former member is not "noch kein Mitglied": the card says how their plan ended.
  const ended =
    expired && membership?.until ? endedText(membership.name, membership.until, membership.cancelledAt) : null;
  return (
    <Card className="mt-8" data-testid="membership-card">
      <CardHeader>
        <CardTitle as="h2">Mitgliedschaft</CardTitle>
        <CardDescription>
          {active
            ? membership?.grantsCommunityPrice
              ? "Du zahlst für alle Kurse, Events und Produkte den Community-Preis."
              : "Mit deinem Plan gibt es keine Community-Preise."
            : (ended ?? "Du bist noch kein Mitglied.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {active || expired ? (
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">Plan</dt>
            <dd>
              {membership?.name}
              {expired ? (membership?.cancelledAt ? " (beendet)" : " (abgelaufen)") : ""}
            </dd>
            <dt className="font-medium">Mitglied seit</dt>
            <dd>{formatDate(membership?.since)}</dd>
            <dt className="font-medium">Gültig bis</dt>
            <dd>{membership?.until ? formatDate(membership.until) : "unbegrenzt"}</dd>
          </dl>
        ) : null}
        {end ? (
          <p className="text-sm font-medium" data-testid="membership-end">
            {end}.
          </p>
        ) : null}
        {/* A cancelled plan is renewed by taking the cancellation back (the notice above offers it). */}
        {active && renewal && !membership?.cancelledAt ? <RenewalOffer offer={renewal} className="text-sm" /> : null}
        {active && !membership?.cancelledAt ? (
          <p className="text-sm text-muted-foreground" data-testid="membership-how-to-cancel">
            Kündigen kannst du jederzeit über{" "}
            <Link to="/vertrag-kuendigen" className="underline">
              Verträge hier kündigen
            </Link>{" "}
            (auch unten auf jeder Seite): Yearly endet dann zum Ende des bezahlten Jahres, Lifetime und Free zum
            gewünschten Datum.
          </p>
        ) : null}
        {membership?.pendingPlan ? (
          <p className="text-sm font-medium">
            {membership.pendingPlan}-Mitgliedschaft bestellt: wird mit Zahlungseingang aktiv.
          </p>
        ) : null}
        {!active && !membership?.pendingPlan ? (
          <Link to="/join" className={buttonClass("default", "sm")}>
            {expired ? "Wieder Mitglied werden" : "Mitgliedschaft wählen"}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

function endedText(name: string | null, until: string, cancelledAt: string | null) {
  const plan = name ? `Deine ${name}-Mitgliedschaft` : "Deine Mitgliedschaft";
  return cancelledAt
    ? `${plan} ist am ${formatDate(until)} beendet, wie gekündigt.`
    : `${plan} ist am ${formatDate(until)} abgelaufen.`;
}
