import { seoMeta } from "./catalog/seo";

/** What a page says about itself in search results: its title (without the site name) and description. */
export type PageText = { title: string; description: string };

/** The `meta` export of a page whose loader answers its canonical URL (home, offers). */
export function loaderCanonicalMetaExport(text: PageText) {
  return ({ loaderData }: { loaderData?: { canonical?: string } }) =>
    seoMeta({ ...text, canonical: loaderData?.canonical });
}
