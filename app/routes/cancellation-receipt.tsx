import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/cancellation-receipt";
import { formatDate, formatDateTime } from "~/lib/format";
import { KIND_LABELS } from "~/lib/schemas/cancellation";
import { isUuid } from "~/lib/uuid";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { getAuth } from "~/server/members/auth.server";
import { END_RULE } from "~/server/members/cancellation-mails.server";
import { getCancellationReceipt } from "~/server/members/cancellations.server";

export const meta: Route.MetaFunction = () => [
  { title: "Kündigung eingegangen – BeHappy" },
  { name: "robots", content: "noindex" },
];

/** The receipt of one declaration: what was declared and when it arrived (shop clock). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const receipt = await getCancellationReceipt(getAuth(context).viewer, params.id);
  if (!receipt) throw data(null, { status: 404 });
  return data({ receipt, endRule: END_RULE }, { headers: cacheHeaders("private") });
}

export default function CancellationReceiptPage() {
  const { receipt, endRule } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Eingegangen am", `${formatDateTime(receipt.receivedAt)} Uhr`],
    ["Art der Kündigung", KIND_LABELS[receipt.kind]],
    ...(receipt.reason ? [["Grund", receipt.reason] as [string, string]] : []),
    ["Name", receipt.name],
    ["E-Mail", receipt.email],
    ["Vertrag", receipt.contract ?? "deine Mitgliedschaft"],
    ["Gewünschtes Ende", receipt.wishedEnd ? formatDate(receipt.wishedEnd) : "zum nächstmöglichen Zeitpunkt"],
    ["Bestätigung an", receipt.confirmationEmail],
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 print:py-0">
      <h1 className="text-3xl font-bold">Deine Kündigung ist eingegangen</h1>
      <p className="mt-3 text-muted-foreground">
        Eingangsbestätigung vom {formatDateTime(receipt.receivedAt)} Uhr. Eine Bestätigung ist per E-Mail an{" "}
        {receipt.confirmationEmail} unterwegs.
      </p>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-border p-4 sm:grid-cols-[auto_1fr] sm:p-6 print:border-0 print:p-0">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="mb-2 whitespace-pre-line break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6" data-testid="cancellation-end">
        {receipt.endsAt ? `Deine Mitgliedschaft endet am ${formatDate(receipt.endsAt)}.` : endRule}
      </p>
      <p className="mt-6 text-sm text-muted-foreground print:hidden">
        Drucken: Diese Seite kannst du über die Druckfunktion deines Browsers (Strg+P bzw. ⌘+P) ausdrucken oder als PDF
        speichern.
      </p>
      <Link to="/" className="mt-6 inline-block underline print:hidden">
        Zur Startseite
      </Link>
    </section>
  );
}
