import { useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/catalog-list";
import { CatalogListPage } from "~/components/catalog/list-page";
import { seoMeta } from "~/lib/catalog/seo";
import { catalogKindOfPath, KIND_TEXT } from "~/lib/catalog/texts";
import { loadCatalogList } from "~/server/catalog/catalog-pages.server";
import { pageHeaders } from "~/server/http/cache-policy.server";

/* Serves /courses, /events and /products (route ids of the same names), as legal.tsx does. */

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const text = KIND_TEXT[catalogKindOfPath(location.pathname)];
  return seoMeta({ title: text.listTitle, description: text.metaDescription, canonical: loaderData?.canonical });
};

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) =>
  loadCatalogList(catalogKindOfPath(new URL(args.request.url).pathname), args);

export default function CatalogListRoute() {
  const { items } = useLoaderData<typeof loader>();
  return <CatalogListPage kind={catalogKindOfPath(useLocation().pathname)} items={items} />;
}
