import { useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/catalog-list";
import { CatalogListPage } from "~/components/catalog/list-page";
import { requestedPage } from "~/lib/catalog/paging";
import { seoMeta } from "~/lib/catalog/seo";
import { catalogKindOfPath, KIND_TEXT } from "~/lib/catalog/texts";
import { loadCatalogList } from "~/server/catalog/catalog-pages.server";
import { pageHeaders } from "~/server/http/cache-policy.server";

/* Serves /courses, /events and /products (route ids of the same names), as legal.tsx does. */

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const text = KIND_TEXT[catalogKindOfPath(location.pathname)];
  // Page 2 and later name their number, so no two pages share a title.
  const page = requestedPage(new URLSearchParams(location.search));
  const title = page && page > 1 ? `${text.listTitle} – Seite ${page}` : text.listTitle;
  return seoMeta({ title, description: text.metaDescription, canonical: loaderData?.canonical });
};

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) =>
  loadCatalogList(catalogKindOfPath(new URL(args.request.url).pathname), args);

export default function CatalogListRoute() {
  const { items } = useLoaderData<typeof loader>();
  return <CatalogListPage kind={catalogKindOfPath(useLocation().pathname)} items={items} />;
}
