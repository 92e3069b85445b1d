import { useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/catalog-detail";
import { AddToCartForm } from "~/components/cart/add-to-cart-form";
import { CatalogDetailPage } from "~/components/catalog/detail-page";
import type { CartItemType } from "~/lib/cart";
import { catalogDetailMeta } from "~/lib/catalog/seo";
import { catalogKindOfPath } from "~/lib/catalog/texts";
import type { CatalogKind } from "~/lib/catalog/types";
import { loadCatalogDetail } from "~/server/catalog/catalog-pages.server";
import { pageHeaders } from "~/server/http/cache-policy.server";

/* Serves /courses/:id, /events/:id and /products/:id (route ids "<kind>-detail"), as legal.tsx does. */

/** A course is booked once; events and products are ordered in a quantity. */
const CART: Record<CatalogKind, { itemType: CartItemType; withQuantity: boolean }> = {
  courses: { itemType: "course", withQuantity: false },
  events: { itemType: "event", withQuantity: true },
  products: { itemType: "product", withQuantity: true },
};

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  catalogDetailMeta(catalogKindOfPath(location.pathname), loaderData);

export const headers: Route.HeadersFunction = (args) => pageHeaders(args);

export const loader = (args: Route.LoaderArgs) =>
  loadCatalogDetail(catalogKindOfPath(new URL(args.request.url).pathname), args);

export default function CatalogDetailRoute() {
  const { result, jsonLd } = useLoaderData<typeof loader>();
  const kind = catalogKindOfPath(useLocation().pathname);
  const addToCart =
    result.state === "found" ? (
      <AddToCartForm
        itemId={result.item.id}
        itemType={CART[kind].itemType}
        title={result.item.title}
        withQuantity={CART[kind].withQuantity}
      />
    ) : undefined;
  return <CatalogDetailPage kind={kind} result={result} structuredData={jsonLd} addToCart={addToCart} />;
}
