import type { Route } from "./+types/sitemap";
import { ANON } from "~/server/db/db.server";
import { logger } from "~/server/platform/log.server";
import { publicUrl } from "~/server/http/urls.server";
import { listCatalogUrls } from "~/server/catalog/catalog.server";
import { CACHE_POLICY } from "~/server/http/cache-policy.server";

/** Public pages of spec §2 (no cart, checkout, auth, dashboard or admin). */
export const SITEMAP_PAGES = [
  "/",
  "/offers",
  "/products",
  "/events",
  "/courses",
  "/about",
  "/concept",
  "/team",
  "/community",
  "/glueckstest",
  "/scanner-taucher-test",
  "/join",
  "/contact",
  "/newsletter",
  "/impressum",
  "/datenschutz",
  "/agb",
];

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export async function loader(_: Route.LoaderArgs) {
  let items: Awaited<ReturnType<typeof listCatalogUrls>> = [];
  try {
    // Always as anon: the sitemap lists what everyone may see.
    items = await listCatalogUrls(ANON);
  } catch (error) {
    logger.error("sitemap catalogue failed", { error: (error as Error).message });
  }
  const urls = [
    ...SITEMAP_PAGES.map((path) => ({ loc: publicUrl(path), lastmod: undefined as string | undefined })),
    ...items.map((item) => ({ loc: publicUrl(`/${item.kind}/${item.id}`), lastmod: item.lastmod.slice(0, 10) })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (url) => `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE_POLICY.staticPage,
    },
  });
}
