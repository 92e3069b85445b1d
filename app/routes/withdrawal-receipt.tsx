import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/withdrawal-receipt";
import { DeclarationReceipt, ExpiredReceipt } from "~/components/declaration-receipt";
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
  if (receipt === "expired") return data({ expired: true as const }, { status: 410, headers: cacheHeaders("private") });
  return data({ expired: false as const, receipt }, { headers: cacheHeaders("private") });
}

export default function WithdrawalReceiptPage() {
  const page = useLoaderData<typeof loader>();
  if (page.expired) return <ExpiredReceipt />;
  const { receipt } = page;
  const rows: [string, string][] = [
    ["Eingegangen am", `${formatDateTime(receipt.receivedAt)} Uhr`],
    ["Name", receipt.name],
    ["E-Mail", receipt.email],
    ["Bestellnummer", orderNumber(receipt.orderReference)],
    ...(receipt.note ? [["Anmerkung", receipt.note] as [string, string]] : []),
  ];
  return (
    <DeclarationReceipt
      title="Dein Widerruf ist eingegangen"
      receivedAt={receipt.receivedAt}
      mailedTo={receipt.email}
      page={receipt}
      rows={rows}
      testId="withdrawal-receipt"
    >
      <p className="mt-6">
        Informationen zu deinem Widerrufsrecht und seinen Folgen findest du in unseren{" "}
        <Link to="/agb" className="underline">
          AGB
        </Link>
        .
      </p>
    </DeclarationReceipt>
  );
}
