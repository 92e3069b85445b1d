import { useLoaderData } from "react-router";
import type { Route } from "./+types/courses";
import { CatalogListPage } from "~/components/catalog/list-page";
import { seoMeta } from "~/lib/catalog/seo";
import { loadCatalogList } from "~/server/catalog-pages.server";
import { pageHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Kurse",
    description:
      "Kurse für Persönlichkeitsentwicklung, Achtsamkeit, Kommunikation und Business-Aufbau – online und vor Ort.",
    canonical: loaderData?.canonical,
  });

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogList("courses", args);

export default function CoursesPage() {
  const { items } = useLoaderData<typeof loader>();
  return <CatalogListPage kind="courses" items={items} />;
}
