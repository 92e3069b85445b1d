import type { Route } from "./+types/robots";
import { publicUrl } from "~/server/http/urls.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";

/** Crawlers may read the public site; personal and transactional pages stay out. */
export function loader(_: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /dashboard",
    "Disallow: /order-confirmation/",
    "Disallow: /newsletter/confirm",
    "Disallow: /newsletter/unsubscribe",
    "",
    `Sitemap: ${publicUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: cacheHeaders("robots", { "Content-Type": "text/plain; charset=utf-8" }),
  });
}
