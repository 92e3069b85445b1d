import type { MetaDescriptor } from "react-router";
import type { CatalogKind } from "~/lib/catalog/types";
import { KIND_TEXT } from "~/lib/catalog/texts";
import { withoutSoftHyphens } from "~/lib/hyphenation";

export const SITE_NAME = "BeHappy";

export interface PageSeo {
  /** Page title without the site name. */
  title: string;
  description: string;
  /** Absolute canonical URL (from the loader, built with PUBLIC_URL). */
  canonical?: string;
  /** Absolute image URL for Open Graph. */
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

/** What a page says about itself in search results: its title (without the site name) and description. */
export type PageText = { title: string; description: string };

/** The `meta` export of a page whose loader answers its canonical URL (home, offers). */
export function loaderCanonicalMetaExport(text: PageText) {
  return ({ loaderData }: { loaderData?: { canonical?: string } }) =>
    seoMeta({ ...text, canonical: loaderData?.canonical });
}

/** Title, description, canonical link and Open Graph / Twitter tags of one page. */
export function seoMeta(page: PageSeo): MetaDescriptor[] {
  // Visible headings may carry soft hyphens (lib/hyphenation.ts); titles and snippets never do.
  const title = `${withoutSoftHyphens(page.title)} – ${SITE_NAME}`;
  const description = withoutSoftHyphens(page.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "de_DE" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: page.canonical });
    tags.push({ property: "og:url", content: page.canonical });
  }
  if (page.image) tags.push({ property: "og:image", content: page.image });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * The canonical link of a page that has no loader of its own (static and legal pages): built from
 * the root loader's site URL (PUBLIC_URL), so it never depends on the request's Host header.
 */
export function canonicalLink(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>, path: string) {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  if (!root?.siteUrl) return [];
  return [{ tagName: "link", rel: "canonical", href: new URL(path, root.siteUrl).href } satisfies MetaDescriptor];
}

/** Meta tags of a page without a loader of its own: canonical link, "<title> – BeHappy", description. */
export function staticPageMeta(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  path: string,
  { title, description }: { title: string; description: string },
) {
  return [
    ...canonicalLink(matches, path),
    { title: `${title} – BeHappy` },
    { name: "description", content: description },
  ];
}

/** Shortens a description for meta tags (≈ 160 characters, at a word boundary). */
export function metaDescription(text: string | null | undefined, fallback: string) {
  const value = (text ?? "").replace(/\s+/g, " ").trim();
  if (!value) return fallback;
  if (value.length <= 160) return value;
  const cut = value.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : 157)} …`;
}

/** Meta tags of a catalogue detail page, for every state its loader answers with. */
export function catalogDetailMeta(
  kind: CatalogKind,
  loaderData:
    | {
        result:
          { state: "found"; item: { title: string; description: string | null } } | { state: "not-found" | "error" };
        canonical: string | null;
        image: string | null;
      }
    | undefined,
) {
  const result = loaderData?.result;
  if (!result || result.state !== "found") {
    return seoMeta({
      title: result?.state === "not-found" ? "Nicht gefunden" : "Fehler",
      description: result?.state === "not-found" ? KIND_TEXT[kind].notFound : KIND_TEXT[kind].detailError,
      noindex: true,
    });
  }
  return seoMeta({
    title: result.item.title,
    description: metaDescription(
      result.item.description,
      `${result.item.title} – ${KIND_TEXT[kind].singular} bei BeHappy.`,
    ),
    canonical: loaderData.canonical ?? undefined,
    image: loaderData.image ?? undefined,
    type: kind === "products" ? "product" : "website",
  });
}
