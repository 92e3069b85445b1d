import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/withdrawal-receipt";
import { formatDateTime, orderNumber } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { getAuth } from "~/server/members/auth.server";
import { getWithdrawalReceipt } from "~/server/orders/withdrawals.server";

export const meta: Route.MetaFunction = () => [
  { title: "Widerruf eingegangen – BeHappy" },
  { name: "robots", content: "noindex" },
];

/**
 * The receipt of one withdrawal (§ 356a BGB): what was declared and when it arrived, read from the
 * stored declaration, so no link can make up a receipt for one that was never sent.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const receipt = await getWithdrawalReceipt(getAuth(context).viewer, params.id);
  if (!receipt) throw data(null, { status: 404 });
  return data({ receipt }, { headers: cacheHeaders("private") });
}

export default function WithdrawalReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Eingegangen am", `${formatDateTime(receipt.receivedAt)} Uhr`],
    ["Name", receipt.name],
    ["E-Mail", receipt.email],
    ["Bestellnummer", orderNumber(receipt.orderReference)],
    ...(receipt.note ? [["Anmerkung", receipt.note] as [string, string]] : []),
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 print:py-0">
      <h1 className="text-3xl font-bold">Dein Widerruf ist eingegangen</h1>
      <p className="mt-3 text-muted-foreground">
        Eingangsbestätigung vom {formatDateTime(receipt.receivedAt)} Uhr. Eine Bestätigung mit Datum und Uhrzeit ist per
        E-Mail an {receipt.email} unterwegs.
      </p>
      <dl
        className="mt-6 grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-border p-4 sm:grid-cols-[auto_1fr] sm:p-6 print:border-0 print:p-0"
        data-testid="withdrawal-receipt"
      >
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="mb-2 whitespace-pre-line break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">
        Informationen zu deinem Widerrufsrecht und seinen Folgen findest du in unseren{" "}
        <Link to="/agb" className="underline">
          AGB
        </Link>
        .
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
