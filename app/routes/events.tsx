import { useLoaderData } from "react-router";
import type { Route } from "./+types/events";
import { CatalogListPage } from "~/components/catalog/list-page";
import { seoMeta } from "~/lib/catalog/seo";
import { loadCatalogList } from "~/server/catalog-pages.server";
import { pageHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Veranstaltungen",
    description: "Workshops, Retreats, Netzwerkabende und Online-Sessions der BeHappy-Community – vor Ort und online.",
    canonical: loaderData?.canonical,
  });

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogList("events", args);

export default function EventsPage() {
  const { items } = useLoaderData<typeof loader>();
  return <CatalogListPage kind="events" items={items} />;
}
