import { seoMeta, staticPageMeta } from "./catalog/seo";

/** What a page says about itself in search results: its title (without the site name) and description. */
export type PageText = { title: string; description: string };

/**
 * The `meta` export of a content page without a loader of its own (about, team …): the canonical
 * link comes from the root loader's site URL.
 */
export function staticPageMetaExport(page: PageText & { path: string }) {
  return ({ matches }: { matches: Parameters<typeof staticPageMeta>[0] }) => staticPageMeta(matches, page.path, page);
}

/** The `meta` export of a page whose loader answers its canonical URL (home, offers). */
export function loaderCanonicalMetaExport(text: PageText) {
  return ({ loaderData }: { loaderData?: { canonical?: string } }) =>
    seoMeta({ ...text, canonical: loaderData?.canonical });
}
