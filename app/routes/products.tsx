import { useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { CatalogListPage } from "~/components/catalog/list-page";
import { seoMeta } from "~/lib/catalog/seo";
import { loadCatalogList } from "~/server/catalog-pages.server";
import { pageHeaders } from "~/server/cache-policy.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Produkte",
    description:
      "Bücher, Planer, Karten und mehr für dein persönliches Wachstum – mit Community-Preisen für Mitglieder.",
    canonical: loaderData?.canonical,
  });

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogList("products", args);

export default function ProductsPage() {
  const { items } = useLoaderData<typeof loader>();
  return <CatalogListPage kind="products" items={items} />;
}
