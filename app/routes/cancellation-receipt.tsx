import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/cancellation-receipt";
import { DeclarationReceipt, ExpiredReceipt } from "~/components/declaration-receipt";
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
  if (receipt === "expired") return data({ expired: true as const }, { status: 410, headers: cacheHeaders("private") });
  return data({ expired: false as const, receipt, endRule: END_RULE }, { headers: cacheHeaders("private") });
}

export default function CancellationReceiptPage() {
  const page = useLoaderData<typeof loader>();
  if (page.expired) return <ExpiredReceipt />;
  const { receipt, endRule } = page;
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
    <DeclarationReceipt
      title="Deine Kündigung ist eingegangen"
      receivedAt={receipt.receivedAt}
      mailedTo={receipt.confirmationEmail}
      page={receipt}
      rows={rows}
      testId="cancellation-receipt"
    >
      <p className="mt-6" data-testid="cancellation-end">
        {receipt.endsAt ? `Deine Mitgliedschaft endet am ${formatDate(receipt.endsAt)}.` : endRule}
      </p>
    </DeclarationReceipt>
  );
}
