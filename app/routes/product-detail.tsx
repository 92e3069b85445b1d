import { useLoaderData } from "react-router";
import type { Route } from "./+types/product-detail";
import { AddToCartForm } from "~/components/cart/add-to-cart-form";
import { CatalogDetailPage } from "~/components/catalog/detail-page";
import { catalogDetailMeta } from "~/lib/catalog/seo";
import { loadCatalogDetail } from "~/server/catalog/catalog-pages.server";
import { pageHeaders } from "~/server/http/cache-policy.server";

/*
 * Serves /products/:id. Events and courses (routes/catalog-detail.tsx) share the page, but only they
 * have a waitlist form: a product page has no action and loads none of the form validation code
 * (zod and conform, 128 KB of JavaScript before compression).
 */

export const meta: Route.MetaFunction = ({ loaderData }) => catalogDetailMeta("products", loaderData);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) => loadCatalogDetail("products", args);

export default function ProductDetailRoute() {
  const { result, jsonLd } = useLoaderData<typeof loader>();
  const addToCart =
    result.state === "found" ? (
      <AddToCartForm itemId={result.item.id} itemType="product" title={result.item.title} withQuantity />
    ) : undefined;
  return <CatalogDetailPage kind="products" result={result} structuredData={jsonLd} addToCart={addToCart} />;
}
