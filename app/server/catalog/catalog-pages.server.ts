import { data, type RouterContextProvider } from "react-router";
import { structuredData } from "~/lib/catalog/structured-data";
import { KIND_TEXT } from "~/lib/catalog/texts";
import { pageHref, pageOf, requestedPage } from "~/lib/catalog/paging";
import type { CatalogCardItem, CatalogItem, CatalogKind, ListResult } from "~/lib/catalog/types";
import { toCardItem } from "~/lib/catalog/card-item";
import { getAuth } from "~/server/members/auth.server";
import { getCatalogItem, listCatalog, listSections, loadedCompletely } from "~/server/catalog/catalog.server";
import { publicUrl } from "~/server/http/urls.server";
import { catalogCacheHeaders, cacheHeaders } from "~/server/http/cache-policy.server";
import { streamOrAwait } from "~/server/http/streaming.server";
import { seatState } from "~/lib/catalog/seats";
import { waitlistPrefillOf } from "~/server/catalog/waitlist.server";

/**
 * Loaders of the catalogue pages.
 *
 * The loader of /products/{id}, /events/{id} and /courses/{id}: the item (or why there is none),
 * its canonical URL, Open Graph image and JSON-LD. 404 for an unknown or malformed id, 500 when
 * loading failed; the page shows the spec's text either way.
 */
export async function loadCatalogDetail(
  kind: CatalogKind,
  { request, context, params }: { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } },
) {
  const result = await getCatalogItem(getAuth(context).viewer, kind, params.id);
  if (result.state !== "found") {
    return data(
      { result, canonical: null, image: null, jsonLd: null, waitlistPrefill: null },
      { status: result.state === "not-found" ? 404 : 500, headers: cacheHeaders("private") },
    );
  }
  const canonical = publicUrl(`${KIND_TEXT[kind].path}/${result.item.id}`);
  const image = result.item.image_url.startsWith("/") ? publicUrl(result.item.image_url) : result.item.image_url;
  // A sold-out page's waitlist form starts with a member's name and address. That page is theirs
  // alone: members share a render only when it holds nothing of them but the address stand-in
  // (decision 0023), and a name has no stand-in. Visitors' pages stay as they were (cacheable).
  const { user, viewer } = getAuth(context);
  const waitlistPrefill =
    user && seatState(result.item)?.label === "Ausgebucht" ? await waitlistPrefillOf(viewer, user.email) : null;
  return data(
    { result, canonical, image, jsonLd: structuredData(result.item, canonical, publicUrl), waitlistPrefill },
    { headers: await catalogCacheHeaders(request, context, { shareable: waitlistPrefill === null }) },
  );
}

/**
 * The loader of /products, /events and /courses: one page of 24 items, newest first (streamed to
 * JS clients), `?seite=N` for the others, each with its own canonical URL. 404 for a page number
 * that is none or lies after the last page (a streamed answer shows the same notice); 500 with the
 * spec's error state when the list could not be loaded.
 */
export async function loadCatalogList(
  kind: CatalogKind,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  const page = requestedPage(new URL(request.url).searchParams);
  const path = KIND_TEXT[kind].path;
  const paged = (result: ListResult<CatalogItem>): ListResult<CatalogCardItem> => {
    if (!result.ok) return result;
    const one = pageOf(result.items, page ?? 1);
    // "?seite=abc" is no page at all: the same notice as a page after the last.
    return page === null
      ? { ok: true, items: [], paging: { ...one.paging, outOfRange: true } }
      : { ok: true, items: one.items.map(toCardItem), paging: one.paging };
  };
  const { value } = await streamOrAwait(request, listCatalog(getAuth(context).viewer, kind));
  const items = value instanceof Promise ? value.then(paged) : paged(value);
  const failed = !(items instanceof Promise) && !items.ok;
  const missing = page === null || (!(items instanceof Promise) && items.ok && items.paging?.outOfRange === true);
  return data(
    { items, canonical: publicUrl(pageHref(path, page ?? 1)) },
    {
      status: failed ? 500 : missing ? 404 : 200,
      headers: await catalogCacheHeaders(request, context, { shareable: loadedCompletely(value) && !missing }),
    },
  );
}

/**
 * The loader of / and /offers: the flagged events, courses and products (streamed to JS clients,
 * each section failing on its own), publicly cacheable only when all three loaded.
 */
export async function loadCatalogSections(
  filter: "startpage" | "offer",
  path: string,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  const { value } = await streamOrAwait(request, listSections(getAuth(context).viewer, filter));
  const cards = (result: ListResult<CatalogItem>): ListResult<CatalogCardItem> =>
    result.ok ? { ...result, items: result.items.map(toCardItem) } : result;
  const pick = <K extends "events" | "courses" | "products">(key: K) =>
    value instanceof Promise ? value.then((sections) => cards(sections[key])) : cards(value[key]);
  const [events, courses, products] = [pick("events"), pick("courses"), pick("products")];
  return data(
    { events, courses, products, canonical: publicUrl(path) },
    {
      headers: await catalogCacheHeaders(request, context, { shareable: loadedCompletely(events, courses, products) }),
    },
  );
}
