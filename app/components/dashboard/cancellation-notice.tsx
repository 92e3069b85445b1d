import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";

/**
 * The member's cancellation that has not taken effect yet, and the button that takes it back (a
 * plain form post to the dashboard's action, intent "withdraw-cancellation").
 */
export function CancellationNotice({ cancellation }: { cancellation: { id: string; endsAt: string } | null }) {
  if (!cancellation) return null;
  return (
    <section
      aria-labelledby="cancellation-notice-heading"
      className="mt-6 rounded-xl border border-border bg-card p-4 sm:p-6"
      data-testid="cancellation-notice"
    >
      <h2 id="cancellation-notice-heading" className="text-lg font-semibold">
        Kündigung zurücknehmen?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Bis zum {formatDate(cancellation.endsAt)} kannst du deine Kündigung zurücknehmen; deine Mitgliedschaft läuft
        dann weiter wie vorher.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="withdraw-cancellation" />
        <input type="hidden" name="cancellationId" value={cancellation.id} />
        <Button type="submit" variant="outline">
          Kündigung zurücknehmen
        </Button>
      </Form>
    </section>
  );
}
