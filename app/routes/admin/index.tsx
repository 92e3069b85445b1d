import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/index";
import { SalesPanel } from "~/components/admin/sales-panel";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { SalesOverview } from "~/lib/admin/sales";
import { withViewer } from "~/server/db/db.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { adminCounts, ZERO_COUNTS } from "~/server/admin/overview.server";
import { salesOverview } from "~/server/admin/sales-overview.server";
import { shopNow } from "~/server/jobs/clock.server";
import { logger } from "~/server/platform/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin-Dashboard – BeHappy" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  let counts = ZERO_COUNTS;
  let sales: SalesOverview | null = null;
  try {
    counts = await withViewer(viewer, (tx) => adminCounts(tx));
  } catch (error) {
    // Spec §8 Admin: a failed stats load is logged only and the counts stay 0.
    logger.error("admin: dashboard stats failed", { error: (error as Error).message });
  }
  try {
    sales = await withViewer(viewer, (tx) => salesOverview(tx, shopNow()));
  } catch (error) {
    logger.error("admin: sales overview failed", { error: (error as Error).message });
  }
  return { counts, sales };
}

const CARDS = [
  { key: "events", label: "Veranstaltungen", to: "/admin/events" },
  { key: "courses", label: "Kurse", to: "/admin/courses" },
  { key: "products", label: "Produkte", to: "/admin/products" },
  { key: "contacts", label: "Kontaktanfragen", to: "/admin/contacts" },
] as const;

export default function AdminOverview() {
  const { counts, sales } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Willkommen im Admin-Bereich von BeHappy. Hier verwaltest du Veranstaltungen, Kurse und Produkte, beantwortest
        Kontaktanfragen, bearbeitest Bestellungen und behältst Newsletter-Abonnenten und Mitglieder im Blick.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((card) => (
          <li key={card.key}>
            <Card>
              <CardHeader className="pb-2">
                <CardTitle as="h2" className="text-base font-medium text-muted-foreground">
                  <Link to={card.to} className="hover:underline">
                    {card.label}
                  </Link>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-4xl font-bold" data-testid={`count-${card.key}`}>
                  {counts[card.key]}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {sales ? (
        <SalesPanel overview={sales} />
      ) : (
        <p className="mt-10 text-muted-foreground">Die Umsatzübersicht konnte nicht geladen werden.</p>
      )}
    </>
  );
}
