import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/index";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { withViewer } from "~/server/db/db.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { adminCounts, ZERO_COUNTS } from "~/server/admin/overview.server";
import { logger } from "~/server/platform/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin-Dashboard – BeHappy" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  try {
    return { counts: await withViewer(viewer, (tx) => adminCounts(tx)) };
  } catch (error) {
    // Spec §8 Admin: a failed stats load is logged only and the counts stay 0.
    logger.error("admin: dashboard stats failed", { error: (error as Error).message });
    return { counts: ZERO_COUNTS };
  }
}

const CARDS = [
  { key: "events", label: "Veranstaltungen", to: "/admin/events" },
  { key: "courses", label: "Kurse", to: "/admin/courses" },
  { key: "products", label: "Produkte", to: "/admin/products" },
  { key: "contacts", label: "Kontaktanfragen", to: "/admin/contacts" },
] as const;

export default function AdminOverview() {
  const { counts } = useLoaderData<typeof loader>();
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
    </>
  );
}
