import { useLoaderData } from "react-router";
import type { Route } from "./+types/product-detail";
import { AddToCartForm } from "~/components/cart/add-to-cart-form";
import { CatalogDetailPage } from "~/components/catalog/detail-page";
import { catalogDetailMeta } from "~/lib/catalog/seo";
import { loadCatalogDetail } from "~/server/catalog-pages.server";
import { pageHeaders } from "~/server/cache-policy.server";

const KIND = "products" as const;

export const meta: Route.MetaFunction = ({ loaderData }) => catalogDetailMeta(KIND, loaderData);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogDetail(KIND, args);

export default function ProductDetailPage() {
  const { result, jsonLd } = useLoaderData<typeof loader>();
  const addToCart =
    result.state === "found" ? (
      <AddToCartForm itemId={result.item.id} itemType="product" title={result.item.title} withQuantity />
    ) : undefined;
  return <CatalogDetailPage kind={KIND} result={result} structuredData={jsonLd} addToCart={addToCart} />;
}
